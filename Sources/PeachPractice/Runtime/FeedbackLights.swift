import PeachDomain

/// Which controller shows an answer's result on its lights: the one in use, when lights are on in
/// the configuration and that controller is still connected; none otherwise.
public enum FeedbackLights {
    public static func controller(lightsOn: Bool, inUse: ControllerID?,
                                  connected: some Collection<ControllerID>) -> ControllerID? {
        guard lightsOn, let inUse, connected.contains(inUse) else { return nil }
        return inUse
    }
}
