package org.gpuvo.ros.replay;

import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.output.OdometryMessages;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Writes a replay's results into a new bag beside a copy of the input's messages, so that Foxglove or RViz show the
 * images with the estimate: {@value #ODOM} (nav_msgs/Odometry, {@code odom} → the camera's frame), {@code /tf}
 * (the same transform), {@value #PATH} (the latest {@value #PATH_LENGTH} poses, every {@value #PATH_EVERY} frames
 * and at the last), {@value #MATCHES} and {@value #INLIERS} (std_msgs/Int32), each stamped with its frame's image.
 */
public final class ResultBagWriter {
    public static final String ODOM = "/gpuvo/odom", PATH = "/gpuvo/path", MATCHES = "/gpuvo/matches",
            INLIERS = "/gpuvo/inliers", TF = "/tf";
    public static final String ODOM_FRAME = "odom";
    static final int PATH_LENGTH = 1000, PATH_EVERY = 10;

    private ResultBagWriter() {
    }

    /**
     * Copies every message of {@code input} and adds the results of {@code run} over {@code sequence}.
     *
     * @return the number of result messages added
     */
    public static long write(BagReader input, BagSequence sequence, SequenceRun run, BagWriter output) throws IOException {
        TypedBagWriter out = new TypedBagWriter(output);
        out.declare(ODOM, Odometry.class);
        out.declare(PATH, NavPath.class);
        out.declare(MATCHES, Int32Message.class);
        out.declare(INLIERS, Int32Message.class);
        boolean inputHasTf = input.topics().stream().anyMatch(t -> t.name().equals(TF));
        if (!inputHasTf)
            out.declare(TF, TFMessage.class);
        Map<String, String> definitions = input.messageDefinitions();
        String child = sequence.cameraFrameId().isEmpty() ? "camera" : sequence.cameraFrameId();
        List<FrameResult> frames = run.frames();
        Deque<PoseStamped> path = new ArrayDeque<>();
        long added = 0;
        int next = 0;
        try (MessageCursor cursor = input.messages(null)) {
            BagMessage m = cursor.next();
            while (m != null || next < frames.size()) {
                if (next < frames.size() && (m == null || sequence.stampNanos(next) <= m.timeNs())) {
                    added += writeFrame(out, sequence, frames, next, child, path, inputHasTf, definitions);
                    next++;
                } else {
                    out.writeRaw(m.topic(), definitions.getOrDefault(m.topic().type(), ""), m.timeNs(), m.data());
                    m = cursor.next();
                }
            }
        }
        return added;
    }

    private static int writeFrame(TypedBagWriter out, BagSequence sequence, List<FrameResult> frames, int i, String child,
                                  Deque<PoseStamped> path, boolean tfIsCopied, Map<String, String> definitions)
            throws IOException {
        long ns = sequence.stampNanos(i);
        Time stamp = Time.ofNanos(ns);
        FrameResult frame = frames.get(i);
        out.write(ODOM, ns, OdometryMessages.odometry(frame, i > 0 ? frames.get(i - 1) : null, stamp, ODOM_FRAME, child));
        TFMessage tf = new TFMessage(List.of(OdometryMessages.transform(frame, stamp, ODOM_FRAME, child)));
        if (tfIsCopied) // the input's /tf is copied under its own declaration: ours joins it
            out.writeRaw(TopicInfo.of(TF, TFMessage.TYPE), definitions.getOrDefault(TFMessage.TYPE, ""), ns,
                    MessageCodecs.of(TFMessage.class).encode(tf));
        else
            out.write(TF, ns, tf);
        out.write(MATCHES, ns, new Int32Message(frame.matches));
        out.write(INLIERS, ns, new Int32Message(frame.inliers));
        path.addLast(new PoseStamped(new Header(stamp, ODOM_FRAME), PoseMessages.pose(frame.cameraToWorld)));
        if (path.size() > PATH_LENGTH)
            path.removeFirst();
        int written = 5;
        if (i % PATH_EVERY == 0 || i == frames.size() - 1) {
            out.write(PATH, ns, new NavPath(new Header(stamp, ODOM_FRAME), new ArrayList<>(path)));
            written++;
        }
        return written;
    }
}
