package org.gpuvo.ros.node;

import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;

import java.util.Arrays;
import java.util.List;

/** Image messages broken in each of the ways a driver or a link breaks them, as CDR bytes, with what is wrong. */
final class BadImages {
    record Bad(String what, byte[] cdr) {
    }

    private BadImages() {
    }

    /** Broken variants of a good mono8 frame {@code good} (which is not changed). */
    static List<Bad> of(Image good) {
        Header h = good.header();
        int w = good.width(), ht = good.height();
        byte[] encoded = MessageCodecs.of(Image.class).encode(good);
        return List.of(
                bad("step below the width", new Image(h, ht, w, "mono8", false, w - 1, new byte[ht * (w - 1)])),
                bad("unknown encoding", new Image(h, ht, w, "yuv422_odd", false, w, good.data())),
                bad("zero size", new Image(h, 0, 0, "mono8", false, 0, new byte[0])),
                bad("data shorter than height × step", new Image(h, ht, w, "mono8", false, w,
                        Arrays.copyOf(good.data(), ht * w - 1))),
                bad("depth on an intensity topic", new Image(h, ht, w, "32FC1", false, 4 * w, new byte[4 * w * ht])),
                new Bad("CDR cut short", Arrays.copyOf(encoded, encoded.length / 2)),
                new Bad("not CDR at all", new byte[]{1, 2, 3}));
    }

    private static Bad bad(String what, Image image) {
        return new Bad(what, MessageCodecs.of(Image.class).encode(image));
    }
}
