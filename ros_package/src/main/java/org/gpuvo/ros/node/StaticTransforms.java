package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.TransformStamped;

import java.util.HashMap;
import java.util.Map;

/**
 * The transforms seen on {@code /tf_static}, as a tree of frames (each child has one parent, the latest message
 * wins), and the transform between two frames of it through their common ancestor. Frame ids are compared as tf2
 * does, without a leading '/'. Thread-safe.
 */
final class StaticTransforms {
    /** Deepest tree walked; deeper means a loop in the transforms. */
    private static final int MAX_DEPTH = 64;

    private record Edge(String parent, Se3_F64 childToParent) {
    }

    private final Map<String, Edge> parentOf = new HashMap<>();

    /**
     * Adds the transforms of a message.
     *
     * @throws IllegalArgumentException where a transform is not a pose (its quaternion not of unit length, say);
     *                                  the transforms before it are kept
     */
    synchronized void add(TFMessage message) {
        for (TransformStamped t : message.transforms()) {
            String parent = frame(t.header().frameId()), child = frame(t.childFrameId());
            if (parent.isEmpty() || child.isEmpty() || parent.equals(child))
                throw new IllegalArgumentException("a static transform from '" + t.header().frameId() + "' to '"
                        + t.childFrameId() + "' joins no two frames");
            parentOf.put(child, new Edge(parent, PoseMessages.se3(t.transform())));
        }
    }

    /**
     * The pose of frame {@code source} in frame {@code target} ({@code p_target = R p_source + T}), or null where
     * the two are not joined.
     */
    synchronized Se3_F64 lookup(String target, String source) {
        String s = frame(source), t = frame(target);
        // the pose of source in each of its ancestors (and in itself)
        Map<String, Se3_F64> sourceIn = new HashMap<>();
        Se3_F64 pose = new Se3_F64();
        sourceIn.put(s, pose);
        String f = s;
        for (int depth = 0; depth < MAX_DEPTH && parentOf.containsKey(f); depth++) {
            Edge edge = parentOf.get(f);
            pose = pose.concat(edge.childToParent, null);
            f = edge.parent;
            sourceIn.putIfAbsent(f, pose);
        }
        // up from the target to the first frame that is also the source's
        Se3_F64 targetIn = new Se3_F64();
        f = t;
        for (int depth = 0; depth <= MAX_DEPTH; depth++) {
            Se3_F64 common = sourceIn.get(f);
            if (common != null)
                return common.concat(targetIn.invert(null), null);
            Edge edge = parentOf.get(f);
            if (edge == null)
                return null;
            targetIn = targetIn.concat(edge.childToParent, null);
            f = edge.parent;
        }
        return null;
    }

    private static String frame(String id) {
        String f = id == null ? "" : id.trim();
        while (f.startsWith("/"))
            f = f.substring(1);
        return f;
    }
}
