package org.gpuvo.ros.node;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Pairs the two images of stereo and RGB-D frames by stamp as they arrive, in any order: exactly (equal stamps,
 * what a hardware-synchronised rig gives) or approximately (the waiting partner nearest in stamp, within a
 * tolerance). Each side keeps a few images waiting for their partner; an image that can no longer be paired (older
 * than a pair just formed, or pushed out of the waiting list) is handed to {@code unpaired}. Thread-safe.
 */
final class StampPairing {
    private final long toleranceNanos;
    private final int waiting;
    private final Consumer<InputImage> unpaired;
    private final ArrayDeque<InputImage> firsts = new ArrayDeque<>(), seconds = new ArrayDeque<>();

    /**
     * @param toleranceNanos largest stamp difference of a pair; 0 for equal stamps only
     * @param waiting        images kept waiting per side
     */
    StampPairing(long toleranceNanos, int waiting, Consumer<InputImage> unpaired) {
        if (toleranceNanos < 0 || waiting < 1)
            throw new IllegalArgumentException("tolerance must be ≥ 0 and at least one image must wait");
        this.toleranceNanos = toleranceNanos;
        this.waiting = waiting;
        this.unpaired = unpaired;
    }

    /** A first (left / RGB) image: returns the frame it completes, or null while its partner has not come. */
    InputFrame offerFirst(InputImage image) {
        return offer(image, true);
    }

    /** A second (right / depth) image: returns the frame it completes, or null. */
    InputFrame offerSecond(InputImage image) {
        return offer(image, false);
    }

    private InputFrame offer(InputImage image, boolean first) {
        InputFrame frame;
        ArrayDeque<InputImage> dropped = new ArrayDeque<>();
        synchronized (this) {
            ArrayDeque<InputImage> own = first ? firsts : seconds, other = first ? seconds : firsts;
            InputImage partner = nearest(other, image.stampNanos());
            if (partner == null) {
                own.addLast(image);
                if (own.size() > waiting)
                    dropped.add(own.removeFirst());
                frame = null;
            } else {
                other.remove(partner);
                frame = first ? new InputFrame(image, partner) : new InputFrame(partner, image);
                // what waits from before this pair will not find a partner any more
                long before = Math.min(image.stampNanos(), partner.stampNanos());
                removeOlder(firsts, before, dropped);
                removeOlder(seconds, before, dropped);
            }
        }
        dropped.forEach(unpaired); // outside the lock: the consumer logs
        return frame;
    }

    private InputImage nearest(ArrayDeque<InputImage> candidates, long stamp) {
        InputImage best = null;
        long bestDifference = Long.MAX_VALUE;
        for (InputImage c : candidates) {
            long difference = Math.abs(c.stampNanos() - stamp);
            if (difference <= toleranceNanos && difference < bestDifference) {
                best = c;
                bestDifference = difference;
            }
        }
        return best;
    }

    private static void removeOlder(ArrayDeque<InputImage> images, long stamp, ArrayDeque<InputImage> dropped) {
        for (Iterator<InputImage> it = images.iterator(); it.hasNext(); ) {
            InputImage image = it.next();
            if (image.stampNanos() < stamp) {
                it.remove();
                dropped.add(image);
            }
        }
    }

    /** Forgets every waiting image (without reporting them). */
    synchronized void clear() {
        firsts.clear();
        seconds.clear();
    }
}
