import Foundation
import SoundFontWriter

// peach-soundfont [FILE]: writes Peach's default SoundFont (default SoundFonts/peach.sf2).
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    USAGE: peach-soundfont [FILE]
    Writes Peach's default SoundFont (exactly tuned tones) to FILE, default SoundFonts/peach.sf2.
    The same bytes every time; `make soundfont` runs it.

    """
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    FileHandle.standardError.write(Data("peach-soundfont: unexpected arguments \(arguments)\n\(usage)".utf8))
    exit(64)
}
let path = arguments.first ?? "SoundFonts/peach.sf2"
let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
    FileHandle.standardError.write(Data("peach-soundfont: cannot write \(path): no directory \(directory)\n".utf8))
    exit(1)
}

let font = PeachSoundFont.make()
do {
    let bytes = try SoundFontEncoder.encode(font)
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    let worst = PeachSoundFont.rootKeys.map { key in
        abs(PeachSoundFont.loop(forRoot: key).centsOff(from: PeachSoundFont.frequency(ofKey: Int(key))))
    }.max() ?? 0
    print("wrote \(path): \(bytes.count) bytes, \(font.presets.count) presets, \(font.samples.count) samples, "
          + "loops within \(String(format: "%.5f", worst)) cent of 12-TET")
} catch let error as SoundFontError {
    FileHandle.standardError.write(Data("peach-soundfont: \(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("peach-soundfont: cannot write \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
