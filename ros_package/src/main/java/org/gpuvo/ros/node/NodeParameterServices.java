package org.gpuvo.ros.node;

import org.gpuvo.ros.node.args.NameResolver;
import org.gpuvo.ros.node.args.ParameterValue;
import org.gpuvo.ros.node.args.Parameters;
import org.gpuvo.ros.node.params.ParameterDescriptor;
import org.gpuvo.ros.node.params.ParameterServer;
import org.gpuvo.ros.node.params.ParameterServices;
import org.gpuvo.ros.node.params.RclInterfacesCdr;
import org.gpuvo.ros.node.transport.Transport;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node's parameters on the parameter services: every parameter it read at start (the table in
 * {@code docs/ros-node.md}, defaults included) with the type it was read as. The pipeline's parameters
 * ({@code orb.*}, {@code sift.*}, {@code match.*}, {@code ransac.*}, {@code keyframe.*}, {@code bundle.*},
 * {@code mapping.*}, {@code mono.*}, {@code stereo.*}, {@code depth.*}) can be set while the node runs: the new values are checked as
 * at start, and the pipeline is made anew with them before the next frame, so the odometry starts over. The others
 * (mode, topics, QoS, frames, backend, feature type, mapping mode, ...) are read-only: a set is refused with the
 * reason, as rclcpp refuses a read-only parameter.
 */
final class NodeParameterServices {
    /** The prefixes of the parameters that configure the pipeline alone. */
    static final List<String> PIPELINE_PREFIXES = List.of("orb.", "sift.", "match.", "ransac.", "keyframe.",
            "bundle.", "mapping.", "mono.", "stereo.", "depth.");
    private static final String READ_ONLY = "fixed when the node starts; start the node again to change it";
    private static final String RESTARTS = "a change makes the pipeline anew before the next frame: the odometry "
            + "starts over";

    private NodeParameterServices() {
    }

    /**
     * @param given the parameters the node started with, after {@link NodeParameters#config} has read them
     * @param names the node's name resolution, to check new values as at start
     */
    static ParameterServices offer(Transport transport, VoNode vo, Parameters given, NameResolver names) {
        Map<String, ParameterValue> declared = given.declared();
        Map<String, ParameterDescriptor> descriptors = new TreeMap<>();
        declared.forEach((name, value) -> descriptors.put(name, new ParameterDescriptor(name,
                RclInterfacesCdr.typeCode(value), "", changeable(name) ? RESTARTS : READ_ONLY, !changeable(name))));
        ParameterServer.Applier apply = (changed, all) -> {
            try {
                ConfigVoNode config = NodeParameters.config(Parameters.of(all), names);
                vo.reconfigurePipeline(config.vo);
                return null;
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        };
        return ParameterServices.offer(transport, vo.config().nodeName, () -> vo.now().toNanos(),
                listener -> new ParameterServer(declared, descriptors, apply, listener),
                problem -> vo.report(NodeIssue.MALFORMED, problem));
    }

    static boolean changeable(String name) {
        for (String prefix : PIPELINE_PREFIXES)
            if (name.startsWith(prefix))
                return true;
        return false;
    }
}
