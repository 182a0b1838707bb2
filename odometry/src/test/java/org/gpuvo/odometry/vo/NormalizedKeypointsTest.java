package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.RadialTangentialDistortion;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The previous frame's normalized keypoints are reused only where they are that frame's and the same pixel; whether
 * reused or computed, the coordinates are the camera's to the bit.
 */
class NormalizedKeypointsTest {
    /** EuRoC cam0's intrinsics and distortion */
    private static final CameraModel CAMERA = new CameraModel(752, 480, 458.654, 457.296, 367.215, 248.375,
            RadialTangentialDistortion.plumbBob(-0.28340811, 0.07395907, 0.00019359, 1.76187114e-05, 0));

    @Test
    void reusesOnlyTheLastFramesSamePixel() {
        NormalizedKeypoints keypoints = new NormalizedKeypoints();
        Point2D_F64 out = new Point2D_F64();
        keypoints.nextFrame(0);
        keypoints.current(CAMERA, 7, 10.5f, 20.25f, out);
        assertThat(out).isEqualTo(direct(10.5f, 20.25f));

        keypoints.nextFrame(1);
        // the same feature at the same pixel: the stored coordinates, equal to the camera's
        keypoints.previous(CAMERA, 7, 10.5f, 20.25f, out);
        assertThat(out).isEqualTo(direct(10.5f, 20.25f));
        // another pixel under the same index (another front end's numbering): computed
        keypoints.previous(CAMERA, 7, 700.5f, 400.25f, out);
        assertThat(out).isEqualTo(direct(700.5f, 400.25f));
        // an index never stored: computed
        keypoints.previous(CAMERA, 5000, 300f, 200f, out);
        assertThat(out).isEqualTo(direct(300f, 200f));

        // two frames on, frame 0's keypoints are not the previous frame's any more, even at the same pixel and index
        keypoints.nextFrame(2);
        keypoints.previous(CAMERA, 7, 10.5f, 20.25f, out);
        assertThat(out).isEqualTo(direct(10.5f, 20.25f));
    }

    private static Point2D_F64 direct(float u, float v) {
        Point2D_F64 p = new Point2D_F64();
        CAMERA.pixelToNormalized(u, v, p);
        return p;
    }
}
