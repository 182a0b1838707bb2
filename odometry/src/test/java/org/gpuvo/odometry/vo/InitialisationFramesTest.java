package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.geometry.ConfigRansac;
import org.gpuvo.odometry.geometry.PnpEstimator;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frames a monocular initialisation waits through are kept up to a capacity: a camera that stands still waits
 * without end, and only the latest frames are placed once the map exists.
 */
class InitialisationFramesTest {
    @Test
    void onlyTheLatestWaitingFramesAreKeptAndPlaced() {
        int points = 30;
        double[] px = new double[points], py = new double[points], pz = new double[points];
        double[] x = new double[points], y = new double[points];
        int[] query = new int[points], pointOf = new int[points];
        for (int i = 0; i < points; i++) {
            px[i] = (i % 6) - 2.5;
            py[i] = (i / 6) - 2.0;
            pz[i] = 4 + 0.1 * i;
            // a camera that stands at the origin: every frame sees each point where the reference did
            x[i] = px[i] / pz[i];
            y[i] = py[i] / pz[i];
            query[i] = i;
            pointOf[i] = i;
        }
        FeatureTracks tracks = new FeatureTracks();
        tracks.nextFrame(points);
        for (int i = 0; i < points; i++)
            tracks.restart(i, 0, x[i], y[i]);
        InitialisationFrames waiting = new InitialisationFrames(3);
        for (int frame = 1; frame <= 5; frame++)
            waiting.record(frame, frame / 30.0, 0, tracks, query, points, x, y);
        assertThat(waiting.size()).isEqualTo(3);

        PnpEstimator pnp = new PnpEstimator(new ConfigRansac(), 500);
        List<PlacedFrame> placed = waiting.place(pointOf, px, py, pz, pnp, new Se3_F64(), 10);
        assertThat(placed).extracting(PlacedFrame::frame).containsExactly(3, 4, 5);
        assertThat(placed.get(0).cameraToWorld().T.norm()).isLessThan(1e-9);
        assertThat(waiting.size()).isZero();
    }
}
