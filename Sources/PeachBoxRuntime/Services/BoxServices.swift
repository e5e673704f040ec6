import Logging
import PeachPractice
import ServiceLifecycle

/// The running box's services as one `ServiceGroup`: started in `BoxPart`'s order and shut down in
/// the reverse one, each awaited before the next. The stop part ending shuts the group down; any
/// part that fails does too, in the same order.
enum BoxServices {
    static func group(_ parts: [BoxPart: any Service], logger: Logger = Logger(label: "peach.services")) -> ServiceGroup {
        let services = BoxPart.allCases.compactMap { part in
            parts[part].map { service in
                ServiceGroupConfiguration.ServiceConfiguration(
                    service: service,
                    successTerminationBehavior: part == .stop ? .gracefullyShutdownGroup : .ignore,
                    failureTerminationBehavior: .gracefullyShutdownGroup)
            }
        }
        return ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger))
    }
}
