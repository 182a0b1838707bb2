package org.gpuvo.odometry.vo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PointIdsTest {
    /** A frame's update: whether it enters the window, clears it. */
    private static FrameUpdate frame(int k, boolean enters, boolean clears) {
        FrameUpdate u = new FrameUpdate().reset(k);
        u.entersWindow = enters;
        u.clearWindow = clears;
        return u;
    }

    private static int retireAllBut(PointIds ids, int... kept) {
        ids.beginSweep();
        for (int id : kept)
            ids.keep(id);
        return ids.endSweep();
    }

    @Test
    void anIdIsGivenAgainOnlyOnceItsLastFrameHasLeftTheWindowAndMappingHasSeenThat() {
        PointIds ids = new PointIds(3);
        for (int i = 0; i < 4; i++)
            assertThat(ids.allocate()).isEqualTo(i);
        ids.frameDone(frame(0, true, false));
        // frame 1: points 1 and 3 are no longer referenced
        assertThat(retireAllBut(ids, 0, 2)).isEqualTo(2);
        assertThat(ids.live(1)).isFalse();
        assertThat(ids.live(0)).isTrue();
        ids.frameDone(frame(1, true, false));
        // frame 1 may still be observed in the window: it leaves it once three more frames have entered
        for (int k = 2; k <= 4; k++) {
            ids.mappedUpTo(k - 1);
            assertThat(ids.freeCount()).as("frame %d", k).isZero();
            ids.frameDone(frame(k, k != 3, false)); // frame 3 does not enter the window (lost, say)
        }
        ids.frameDone(frame(5, true, false));
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
        PointIds ids = new PointIds(20);
        ids.allocate();
        ids.allocate();
        ids.frameDone(frame(0, true, false));
        assertThat(retireAllBut(ids, 1)).isEqualTo(1);
        ids.frameDone(frame(1, true, false));
        ids.frameDone(frame(2, true, true));
        ids.mappedUpTo(1);
        assertThat(ids.freeCount()).isZero();
        ids.mappedUpTo(2);
        assertThat(ids.allocate()).isEqualTo(0);
    }

    @Test
    void withoutAWindowAnIdIsFreeOnceMappingHasTakenInItsFrame() {
        PointIds ids = new PointIds(0);
        ids.allocate();
        assertThat(retireAllBut(ids)).isEqualTo(1);
        ids.frameDone(frame(7, false, false));
        ids.mappedUpTo(6);
        assertThat(ids.freeCount()).isZero();
        ids.mappedUpTo(7);
        assertThat(ids.freeCount()).isEqualTo(1);
        // retired ids are not retired twice, free ones not at all
        assertThat(retireAllBut(ids)).isZero();
    }
}
