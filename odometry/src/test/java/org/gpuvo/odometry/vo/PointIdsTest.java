package org.gpuvo.odometry.vo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PointIdsTest {
    /** Frame k's update is done: whether it enters the window, clears it. */
    private static void frameDone(PointIds ids, WindowFrames window, int k, boolean enters, boolean clears) {
        FrameUpdate u = new FrameUpdate().reset(k);
        u.entersWindow = enters;
        u.clearWindow = clears;
        window.take(u);
        ids.frameDone(k);
    }

    private static int retireAllBut(PointIds ids, int... kept) {
        ids.beginSweep();
        for (int id : kept)
            ids.keep(id);
        return ids.endSweep();
    }

    @Test
    void anIdIsGivenAgainOnlyOnceItsLastFrameHasLeftTheWindowAndMappingHasSeenThat() {
        WindowFrames window = new WindowFrames(3);
        PointIds ids = new PointIds(window);
        for (int i = 0; i < 4; i++)
            assertThat(ids.allocate()).isEqualTo(i);
        frameDone(ids, window, 0, true, false);
        // frame 1: points 1 and 3 are no longer referenced
        assertThat(retireAllBut(ids, 0, 2)).isEqualTo(2);
        assertThat(ids.live(1)).isFalse();
        assertThat(ids.live(0)).isTrue();
        frameDone(ids, window, 1, true, false);
        // frame 1 may still be observed in the window: it leaves it once three more frames have entered
        for (int k = 2; k <= 4; k++) {
            ids.mappedUpTo(k - 1);
            assertThat(ids.freeCount()).as("frame %d", k).isZero();
            frameDone(ids, window, k, k != 3, false); // frame 3 does not enter the window (lost, say)
        }
        frameDone(ids, window, 5, true, false);
        // the window has taken frames 2, 4 and 5 since: free as soon as mapping has taken frame 5 in
        ids.mappedUpTo(4);
        assertThat(ids.freeCount()).isZero();
        ids.mappedUpTo(5);
        assertThat(ids.freeCount()).isEqualTo(2);
        assertThat(ids.allocate()).isEqualTo(1);
        assertThat(ids.allocate()).isEqualTo(3);
        assertThat(ids.allocate()).isEqualTo(4);
        assertThat(ids.limit()).isEqualTo(5);
    }

    @Test
    void aClearedWindowFreesWhatWasRetiredBefore() {
        WindowFrames window = new WindowFrames(20);
        PointIds ids = new PointIds(window);
        ids.allocate();
        ids.allocate();
        frameDone(ids, window, 0, true, false);
        assertThat(retireAllBut(ids, 1)).isEqualTo(1);
        frameDone(ids, window, 1, true, false);
        frameDone(ids, window, 2, true, true);
        ids.mappedUpTo(1);
        assertThat(ids.freeCount()).isZero();
        ids.mappedUpTo(2);
        assertThat(ids.allocate()).isEqualTo(0);
    }

    @Test
    void withoutAWindowAnIdIsFreeOnceMappingHasTakenInItsFrame() {
        WindowFrames window = new WindowFrames(0);
        PointIds ids = new PointIds(window);
        ids.allocate();
        assertThat(retireAllBut(ids)).isEqualTo(1);
        frameDone(ids, window, 7, false, false);
        ids.mappedUpTo(6);
        assertThat(ids.freeCount()).isZero();
        ids.mappedUpTo(7);
        assertThat(ids.freeCount()).isEqualTo(1);
        // retired ids are not retired twice, free ones not at all
        assertThat(retireAllBut(ids)).isZero();
    }
}
