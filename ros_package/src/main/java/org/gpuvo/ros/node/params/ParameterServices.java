package org.gpuvo.ros.node.params;

import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.node.transport.ServiceHandler;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.gpuvo.ros.node.transport.Transport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The parameter services of a node on a transport, as rclcpp's {@code ParameterService} offers them:
 * {@code <node>/list_parameters}, {@code get_parameters}, {@code set_parameters}, {@code set_parameters_atomically},
 * {@code describe_parameters} and {@code get_parameter_types} ({@code rcl_interfaces/srv/*}, QoS
 * {@code rmw_qos_profile_parameters}: reliable, volatile, keep last 1000), and {@code /parameter_events}
 * ({@code rcl_interfaces/msg/ParameterEvent}, rclcpp's {@code ParameterEventsQoS}: reliable, volatile, keep last
 * 1000): one event with every parameter as new when the services start, then one per accepted change. These make
 * {@code ros2 param list/get/set/describe/dump/load} work. A request that is not of its type is not answered; it is
 * counted ({@link #malformed()}) and told to the node's issue sink.
 */
public final class ParameterServices implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ParameterServices.class);
    /** rmw_qos_profile_parameters and rclcpp's ParameterEventsQoS. */
    public static final QosProfile QOS = new QosProfile(QosProfile.Reliability.RELIABLE,
            QosProfile.Durability.VOLATILE, 1000);
    public static final String EVENTS_TOPIC = "/parameter_events";
    public static final String EVENT_TYPE = "rcl_interfaces/msg/ParameterEvent";

    private final String node;
    private final LongSupplier clockNanos;
    private final RawPublisher events;
    private final List<ServiceServer> servers = new ArrayList<>();
    private final AtomicLong malformed = new AtomicLong();
    private final Consumer<String> onMalformed;

    private ParameterServices(String node, LongSupplier clockNanos, RawPublisher events,
                              Consumer<String> onMalformed) {
        this.node = node;
        this.clockNanos = clockNanos;
        this.events = events;
        this.onMalformed = onMalformed;
    }

    /**
     * Advertises the events topic and offers the services of {@code server}.
     *
     * @param node       the node's fully qualified name ({@code /robot/vo}); the services are under it
     * @param clockNanos the node's time for the events' stamps (nanoseconds since the epoch)
     * @param server      the parameters, made with the listener given (the services' events)
     * @param onMalformed told of each malformed request (what is wrong with it)
     */
    public static ParameterServices offer(Transport transport, String node, LongSupplier clockNanos,
                                          Function<ParameterServer.Listener, ParameterServer> server,
                                          Consumer<String> onMalformed) {
        ParameterServices services = new ParameterServices(node, clockNanos,
                transport.advertise(EVENTS_TOPIC, EVENT_TYPE, QOS), onMalformed);
        try {
            ParameterServer parameters = server.apply(services::publishChanged);
            services.offerAll(transport, parameters);
            services.events.publish(RclInterfacesCdr.encodeEvent(clockNanos.getAsLong(), node, parameters.all(),
                    List.of(), List.of()));
        } catch (RuntimeException e) {
            services.close();
            throw e;
        }
        return services;
    }

    /** Requests that were not of their service's type, left unanswered. */
    public long malformed() {
        return malformed.get();
    }

    private void offerAll(Transport transport, ParameterServer p) {
        serve(transport, "list_parameters", "ListParameters", request -> {
            RclInterfacesCdr.ListRequest r = RclInterfacesCdr.decodeListRequest(request);
            List<List<String>> listed = p.list(r.prefixes(), r.depth());
            return RclInterfacesCdr.encodeListResult(listed.get(0), listed.get(1));
        });
        serve(transport, "get_parameters", "GetParameters",
                request -> RclInterfacesCdr.encodeValues(p.get(RclInterfacesCdr.decodeNames(request))));
        serve(transport, "set_parameters", "SetParameters",
                request -> RclInterfacesCdr.encodeResults(p.set(RclInterfacesCdr.decodeParameters(request))));
        serve(transport, "set_parameters_atomically", "SetParametersAtomically",
                request -> RclInterfacesCdr.encodeResult(p.setAtomically(RclInterfacesCdr.decodeParameters(request))));
        serve(transport, "describe_parameters", "DescribeParameters",
                request -> RclInterfacesCdr.encodeDescriptors(p.describe(RclInterfacesCdr.decodeNames(request))));
        serve(transport, "get_parameter_types", "GetParameterTypes",
                request -> RclInterfacesCdr.encodeTypes(p.types(RclInterfacesCdr.decodeNames(request))));
    }

    private void serve(Transport transport, String service, String type, Function<byte[], byte[]> answer) {
        String name = node + "/" + service;
        ServiceHandler handler = request -> {
            try {
                return answer.apply(request);
            } catch (CdrException e) {
                malformed.incrementAndGet();
                onMalformed.accept(name + ": a request that is not a " + type + " request is not answered ("
                        + e.getMessage() + ")");
                return null;
            }
        };
        servers.add(transport.serve(name, "rcl_interfaces/srv/" + type, QOS, handler));
    }

    private void publishChanged(List<NamedValue> changed) {
        try {
            events.publish(RclInterfacesCdr.encodeEvent(clockNanos.getAsLong(), node, List.of(), changed, List.of()));
        } catch (RuntimeException e) {
            LOG.warn("{}: the parameter event could not be published: {}", node, e.toString());
        }
    }

    @Override
    public void close() {
        servers.forEach(ServiceServer::close);
        events.close();
    }
}
