package org.gpuvo.ros.node;

import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.cdr.MessageCodec;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.ServiceServer;
import org.gpuvo.ros.node.transport.Transport;

/**
 * {@code ~/reset} as a {@code std_srvs/srv/Empty} service, as Isaac ROS Visual SLAM and rtabmap offer their resets:
 * a request starts the odometry over before the next frame, and the empty response says it was taken. The request
 * and the response are each an empty structure, which rosidl gives one {@code uint8} field, as
 * {@code std_msgs/msg/Empty}; a request that is not one is counted as malformed and not answered.
 */
final class ResetService {
    /** The service's ROS type. */
    static final String TYPE = "std_srvs/srv/Empty";

    private ResetService() {
    }

    static ServiceServer offer(Transport transport, String service, IssueLog issues, Runnable reset) {
        MessageCodec<EmptyMessage> empty = MessageCodecs.of(EmptyMessage.class);
        byte[] response = empty.encode(new EmptyMessage());
        return transport.serve(service, TYPE, QosProfile.SERVICES, request -> {
            try {
                empty.decode(request);
            } catch (CdrException e) {
                issues.report(NodeIssue.MALFORMED, service + ": " + e.getMessage());
                return null;
            }
            reset.run();
            return response;
        });
    }
}
