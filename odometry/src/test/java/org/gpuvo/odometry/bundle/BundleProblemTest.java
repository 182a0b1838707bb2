package org.gpuvo.odometry.bundle;

import georegression.struct.se.Se3_F64;
import georegression.struct.so.Rodrigues_F64;
import georegression.geometry.ConvertRotation3D_F64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BundleProblemTest {
    @Test
    void posesAndPointsRoundTrip() {
        BundleProblem problem = new BundleProblem();
        problem.reset(3, 1, 4, 500);
        Se3_F64 pose = new Se3_F64();
        ConvertRotation3D_F64.rodriguesToMatrix(new Rodrigues_F64(0.3, 1, 2, 3), pose.R);
        pose.T.setTo(4, 5, 6);
        problem.setPose(2, pose);
        problem.setPoint(3, 7, 8, 9);
        Se3_F64 out = new Se3_F64();
        problem.getPose(2, out);
        assertThat(out.R.data).containsExactly(pose.R.data);
        assertThat(out.T.x).isEqualTo(4);
        assertThat(out.T.z).isEqualTo(6);
        assertThat(new double[]{problem.pointX(3), problem.pointY(3), problem.pointZ(3)}).containsExactly(7, 8, 9);
        problem.getPose(0, out);
        assertThat(out.R.data).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1);
        assertThat(problem.views()).isEqualTo(3);
        assertThat(problem.fixedViews()).isEqualTo(1);
        assertThat(problem.points()).isEqualTo(4);
        assertThat(problem.focal()).isEqualTo(500);
    }

    @Test
    void resetClearsObservationsAndStateAndGrowsOnlyWhenNeeded() {
        BundleProblem problem = new BundleProblem();
        problem.reset(4, 1, 100, 500);
        for (int i = 0; i < 1000; i++)
            problem.addObservation(i % 4, i % 100, i, -i);
        assertThat(problem.observations()).isEqualTo(1000);
        assertThat(problem.obsXy[2 * 999]).isEqualTo(999);
        problem.setPoint(5, 1, 2, 3);
        double[] xyz = problem.xyz;
        int[] views = problem.obsView;

        problem.reset(3, 0, 50, 300);
        assertThat(problem.observations()).isZero();
        assertThat(problem.pointX(5)).isZero();
        assertThat(problem.xyz).isSameAs(xyz);
        problem.addObservation(2, 49, 0.1, 0.2);
        assertThat(problem.obsView).isSameAs(views);
    }

    @Test
    void indicesAndArgumentsAreChecked() {
        BundleProblem problem = new BundleProblem();
        problem.reset(3, 1, 4, 500);
        assertThatThrownBy(() -> problem.addObservation(3, 0, 0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> problem.addObservation(0, 4, 0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> problem.setPoint(-1, 0, 0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> problem.getPose(3, new Se3_F64())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> problem.reset(2, 3, 4, 500)).hasMessageContaining("fixedViews");
        assertThatThrownBy(() -> problem.reset(2, 1, -1, 500)).hasMessageContaining("points");
        assertThatThrownBy(() -> problem.reset(2, 1, 4, 0)).hasMessageContaining("focal");
        assertThatThrownBy(() -> problem.reset(2, 1, 4, Double.NaN)).hasMessageContaining("focal");
    }

    @Test
    void finitenessCoversPosesPointsAndObservations() {
        BundleProblem problem = new BundleProblem();
        problem.reset(2, 1, 2, 500);
        problem.addObservation(1, 1, 0.1, 0.1);
        assertThat(problem.isFinite()).isTrue();
        problem.setPoint(1, 0, Double.POSITIVE_INFINITY, 1);
        assertThat(problem.isFinite()).isFalse();
        problem.setPoint(1, 0, 0, 1);
        Se3_F64 pose = new Se3_F64();
        pose.T.x = Double.NaN;
        problem.setPose(0, pose);
        assertThat(problem.isFinite()).isFalse();
    }

    @Test
    void setToCopiesEverythingIntoItsOwnArrays() {
        BundleProblem src = TinyWindow.create(5, 4, 1, 10, 0.5);
        BundleProblem copy = new BundleProblem();
        copy.reset(1, 0, 1, 100);
        copy.addObservation(0, 0, 1, 1);
        assertThat(copy.setTo(src)).isSameAs(copy);
        assertThat(copy.views()).isEqualTo(4);
        assertThat(copy.fixedViews()).isEqualTo(1);
        assertThat(copy.focal()).isEqualTo(src.focal());
        assertThat(copy.observations()).isEqualTo(src.observations());
        assertThat(java.util.Arrays.copyOf(copy.obsXy, 2 * src.observations()))
                .containsExactly(java.util.Arrays.copyOf(src.obsXy, 2 * src.observations()));
        assertThat(java.util.Arrays.copyOf(copy.xyz, 30)).containsExactly(java.util.Arrays.copyOf(src.xyz, 30));
        copy.setPoint(0, 9, 9, 9);
        assertThat(src.pointX(0)).isNotEqualTo(9);
    }
}
