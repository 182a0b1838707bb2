package org.gpuvo.ros.node;

import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.PoseStamped;

import java.util.ArrayDeque;
import java.util.List;

/** The last poses published, for nav_msgs/Path: at most {@code length}, the oldest leaving first. Not thread safe. */
final class PathHistory {
    private final int length;
    private final ArrayDeque<PoseStamped> poses;

    PathHistory(int length) {
        this.length = length;
        this.poses = new ArrayDeque<>(Math.min(length, 1024));
    }

    void add(PoseStamped pose) {
        if (length == 0)
            return;
        if (poses.size() == length)
            poses.removeFirst();
        poses.addLast(pose);
    }

    int size() {
        return poses.size();
    }

    void clear() {
        poses.clear();
    }

    NavPath path(Header header) {
        return new NavPath(header, List.copyOf(poses));
    }
}
