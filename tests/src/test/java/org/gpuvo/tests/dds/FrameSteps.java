package org.gpuvo.tests.dds;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One frame's way through gpuvo's node, from the node's per-frame timing line (logger {@code
 * org.gpuvo.ros.node.timing} at debug level): the monotonic times at which its image arrived, it was taken off the
 * queue, its pixels were decoded, the pipeline had estimated its pose and its outputs were published, with the
 * pipeline's own front-end and host figures.
 */
record FrameSteps(long stampNs, long arrivedNs, long takenNs, long decodedNs, long estimatedNs, long publishedNs,
                  double frontEndMillis, double hostMillis) {
    private static final Pattern LINE = Pattern.compile("frame (\\d+) arrived (\\d+) taken (\\d+) decoded (\\d+) "
            + "estimated (\\d+) published (\\d+) front_end_ms (\\S+) host_ms (\\S+)");

    /** The node log's timing lines by stamp (the last line of a stamp where it has several). */
    static Map<Long, FrameSteps> fromLog(String log) {
        Map<Long, FrameSteps> steps = new HashMap<>();
        Matcher m = LINE.matcher(log);
        while (m.find()) {
            FrameSteps s = new FrameSteps(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5)),
                    Long.parseLong(m.group(6)), Double.parseDouble(m.group(7)), Double.parseDouble(m.group(8)));
            steps.put(s.stampNs, s);
        }
        return steps;
    }
}
