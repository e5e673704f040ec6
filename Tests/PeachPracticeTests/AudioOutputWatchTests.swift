import PeachDomain
import PeachPractice
import PeachText
import Testing

@Suite("Audio output watch: the output's card going and coming, its buffer for the status")
struct AudioOutputWatchTests {
    struct Card: OutputCard {
        var number: Int
        var id: String
        var path: String
        func matches(pcm: String) -> Bool { pcm == "hw:\(number),0" || pcm == "hw:CARD=\(id),DEV=0" }
        func isSameDevice(as other: Card) -> Bool { path == other.path }
        var description: String { "card \(number) (\(id))" }
    }

    let usb = Card(number: 1, id: "Device", path: "usb-1"), hdmi = Card(number: 0, id: "HDMI", path: "platform-hdmi")
    let gone: (Card) -> String = { "\($0) was removed" }

    @Test("the output's card removed is a loss; another card's removal is nothing")
    func removal() {
        let watch = AudioOutputWatch(device: "hw:CARD=Device,DEV=0", present: [hdmi, usb])
        #expect(watch.card?.path == "usb-1")
        #expect(watch.removed(hdmi, reason: gone) == nil)
        #expect(watch.removed(usb, reason: gone) == .audioOutputFailed(reason: "card 1 (Device) was removed"))
    }

    @Test("the card back under another number is the output's again; the box goes on if it had stopped")
    func replug() {
        var watch = AudioOutputWatch(device: "hw:CARD=Device,DEV=0", present: [usb])
        let back = Card(number: 2, id: "Device", path: "usb-1")
        #expect(watch.ready(back, audioAvailable: false) == .audioOutputRecovered)
        #expect(watch.card?.number == 2)
        #expect(watch.ready(back, audioAvailable: true) == nil)
        #expect(watch.removed(usb, reason: gone) == nil, "its old number is no longer the output's")
        #expect(watch.ready(hdmi, audioAvailable: false) == nil)
    }

    @Test("a card the device names, plugged in after the start, becomes the output's")
    func pluggedLater() {
        var watch = AudioOutputWatch<Card>(device: "hw:1,0", present: [])
        #expect(watch.card == nil)
        #expect(watch.ready(usb, audioAvailable: false) == .audioOutputRecovered && watch.card?.number == 1)
    }

    @Test("the status shows the device, then its buffer; an enlarged buffer stays after a recovery")
    func buffer() {
        var watch = AudioOutputWatch<Card>(device: "hw:1,0", present: [])
        let texts = Texts.english
        #expect(watch.statusText(texts: texts) == "hw:1,0")
        watch.opened(periodFrames: 128, periods: 2, sampleRate: 48_000)
        #expect(watch.statusText(texts: texts).hasPrefix("hw:1,0") && watch.statusText(texts: texts).contains("128"))
        watch.enlarged(to: AudioBufferStatus(periodFrames: 256, periods: 3, enlarged: .afterUnderruns, sampleRate: 48_000))
        #expect(watch.recovered(periodFrames: 256, periods: 3, sampleRate: 48_000) == .audioOutputRecovered)
        #expect(watch.buffer?.enlarged == .afterUnderruns)
        #expect(watch.failed(reason: "unplugged") == .audioOutputFailed(reason: "unplugged"))
    }
}
