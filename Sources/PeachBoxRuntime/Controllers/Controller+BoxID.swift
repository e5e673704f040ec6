import PeachMIDI
import PeachPractice

extension Controller {
    /// The controller as the box knows it: names and instance, the same identity end to end.
    var boxID: ControllerID { ControllerID(name: clientName, port: portName, instance: instance) }
}
