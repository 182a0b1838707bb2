package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.app.CliRun;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryFormat;
import org.gpuvo.odometry.trajectory.TrajectoryWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

class EvalCommandTest {
    @TempDir
    Path dir;

    @Test
    void kitti00GivesTheDevkitAndEvoFigures() throws Exception {
        Path data = SharedData.require("trajectories");
        CliRun run = CliRun.run("eval", data.resolve("KITTI_00_ORB.txt").toString(),
                data.resolve("KITTI_00_gt.txt").toString(), "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("pairs").asInt()).isEqualTo(4541);
        assertThat(json.path("association").asText()).isEqualTo("index");
        assertThat(json.path("alignment").path("mode").asText()).isEqualTo("se3");
        assertThat(json.path("alignment").path("scale").asDouble()).isEqualTo(1.0);
        JsonNode ate = json.path("ate");
        assertThat(ate.path("rmse").asDouble()).isCloseTo(1.3034497145650266, withinPercentage(1e-6));
        assertThat(ate.path("median").asDouble()).isCloseTo(1.065624769555848, withinPercentage(1e-6));
        assertThat(ate.path("sse").asDouble()).isCloseTo(7715.073440292808, withinPercentage(1e-6));
        assertThat(ate.path("n").asInt()).isEqualTo(4541);
        for (String key : new String[]{"mean", "std", "min", "max"})
            assertThat(ate.path(key).isNumber()).as(key).isTrue();
        assertThat(json.path("rpe").path("n").asInt()).isEqualTo(4540);
        assertThat(json.path("rpe").path("trans_rmse").asDouble()).isPositive();
        assertThat(json.path("rpe").path("rot_rmse_deg").asDouble()).isPositive();
        JsonNode kitti = json.path("kitti");
        assertThat(kitti.path("segments").asInt()).isEqualTo(3283);
        assertThat(kitti.path("t_err_percent").asDouble()).isCloseTo(0.69973, within(5e-6));
        assertThat(kitti.path("r_err_deg_per_100m").asDouble()).isCloseTo(0.25333, within(5e-6));
        assertThat(run.err()).contains("ATE (m)", "rmse 1.303450", "t_err 0.69973 %", "3283 segments");
    }

    @Test
    void tumFilesWithAOneSecondDelta() throws Exception {
        Path data = SharedData.require("trajectories");
        CliRun run = CliRun.run("eval", data.resolve("freiburg1_xyz-rgbdslam.txt").toString(),
                data.resolve("freiburg1_xyz-groundtruth.txt").toString(), "--delta", "1", "--delta-unit", "s",
                "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("estimate").path("format").asText()).isEqualTo("tum");
        assertThat(json.path("pairs").asInt()).isEqualTo(785);
        assertThat(json.path("ate").path("rmse").asDouble()).isCloseTo(0.013470, within(5e-7));
        assertThat(json.path("rpe").path("n").asInt()).isEqualTo(753);
        assertThat(json.path("rpe").path("trans_rmse").asDouble()).isCloseTo(0.021217, within(5e-7));
        assertThat(json.path("rpe").path("rot_rmse_deg").asDouble()).isCloseTo(0.934480, within(5e-7));
        assertThat(json.path("rpe").path("style").asText()).isEqualTo("tum");
        assertThat(json.path("kitti").isNull()).isTrue();
    }

    @Test
    void tumToolConventionsOnRequest() throws Exception {
        Path data = SharedData.require("trajectories");
        CliRun run = CliRun.run("eval", data.resolve("freiburg1_xyz-rgbdslam.txt").toString(),
                data.resolve("freiburg1_xyz-groundtruth.txt").toString(), "--association", "greedy",
                "--max-time-diff", "0.02", "--rpe-style", "tum", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("pairs").asInt()).isEqualTo(786);
        assertThat(json.path("ate").path("rmse").asDouble()).isCloseTo(0.013473, within(5e-7));
        assertThat(json.path("rpe").path("n").asInt()).isEqualTo(783);
        assertThat(json.path("rpe").path("trans_rmse").asDouble()).isCloseTo(0.005763, within(5e-7));
    }

    @Test
    void kittiFilesWithFrameIndicesArePairedByFrame() throws Exception {
        Path data = SharedData.require("trajectories");
        CliRun run = CliRun.run("eval", data.resolve("kitti_09_example0.txt").toString(),
                data.resolve("kitti_09_gt.txt").toString(), "--align", "sim3", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("association").asText()).isEqualTo("nearest");
        assertThat(json.path("pairs").asInt()).isEqualTo(1589);
        // kitti-odom-eval reports 8.38661922878607 after re-anchoring both at the first frame, which cannot change
        // the optimal Sim(3) residual
        assertThat(json.path("ate").path("rmse").asDouble()).isCloseTo(8.38661922878607, withinPercentage(1e-4));
        assertThat(json.path("kitti").path("t_err_percent").asDouble())
                .isCloseTo(2.884112511407129, withinPercentage(1e-4));
    }

    @Test
    void aScaledCopyIsRecoveredWithSim3AndPlotted() throws Exception {
        Trajectory reference = randomWalk(1, 300);
        Path gt = dir.resolve("gt.csv"), est = dir.resolve("est.txt"), report = dir.resolve("report.json");
        TrajectoryWriter.write(shiftTimes(reference, 1403715273.0), gt, TrajectoryFormat.EUROC);
        TrajectoryWriter.write(scaled(shiftTimes(reference, 1403715273.0), 0.3), est, TrajectoryFormat.TUM);
        Path plots = dir.resolve("plots");
        CliRun run = CliRun.run("eval", est.toString(), gt.toString(), "--align", "sim3", "--plot", plots.toString(),
                "--json", report.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("pairs      300", "sim3", "trajectory.png");
        JsonNode json = JsonOutput.MAPPER.readTree(Files.readString(report));
        assertThat(json.path("reference").path("format").asText()).isEqualTo("euroc");
        assertThat(json.path("alignment").path("scale").asDouble()).isCloseTo(1 / 0.3, within(1e-6));
        assertThat(json.path("ate").path("rmse").asDouble()).isLessThan(1e-6);
        for (String name : new String[]{TrajectoryPlots.TRAJECTORY_PNG, TrajectoryPlots.ATE_PNG}) {
            BufferedImage image = ImageIO.read(plots.resolve(name).toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).isEqualTo(1000);
        }
    }

    @Test
    void aReferenceThatCoversNoneOfTheEstimateFails() throws IOException {
        Trajectory reference = randomWalk(2, 50);
        Path gt = dir.resolve("gt.txt"), est = dir.resolve("est.txt");
        TrajectoryWriter.write(reference, gt, TrajectoryFormat.TUM);
        TrajectoryWriter.write(shiftTimes(reference, 1000), est, TrajectoryFormat.TUM);
        CliRun run = CliRun.run("eval", est.toString(), gt.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("gpuvo eval: error: cannot evaluate " + est + " against " + gt
                        + ": the reference covers none of the estimate's times")
                .doesNotContain("Exception");
    }

    @Test
    void aMalformedFileFailsWithFileAndLine() throws IOException {
        Path gt = dir.resolve("gt.txt"), est = dir.resolve("est.txt");
        TrajectoryWriter.write(randomWalk(3, 10), gt, TrajectoryFormat.TUM);
        Files.writeString(est, "# estimate\n0.0 0 0 0 0 0 0 1\n0.1 0 0 0 0 0 1\n");
        CliRun run = CliRun.run("eval", est.toString(), gt.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains(est + ":3: 7 values, expected 8").doesNotContain("DatasetException");
    }

    @Test
    void aPlotFolderThatIsAFileFails() throws IOException {
        Path gt = dir.resolve("gt.txt"), notAFolder = dir.resolve("plots");
        TrajectoryWriter.write(randomWalk(6, 10), gt, TrajectoryFormat.TUM);
        Files.writeString(notAFolder, "x");
        CliRun run = CliRun.run("eval", gt.toString(), gt.toString(), "--plot", notAFolder.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot write plots into " + notAFolder + ": it is a file");
    }

    @Test
    void usageErrors() throws IOException {
        Path gt = dir.resolve("gt.txt");
        TrajectoryWriter.write(randomWalk(4, 10), gt, TrajectoryFormat.TUM);
        CliRun missing = CliRun.run("eval", dir.resolve("none.txt").toString(), gt.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file: " + dir.resolve("none.txt"));
        CliRun unit = CliRun.run("eval", gt.toString(), gt.toString(), "--delta-unit", "km");
        assertThat(unit.exitCode()).isEqualTo(2);
        assertThat(unit.err()).contains("'km' is not a unit");
        CliRun fraction = CliRun.run("eval", gt.toString(), gt.toString(), "--delta", "1.5");
        assertThat(fraction.exitCode()).isEqualTo(2);
        assertThat(fraction.err()).contains("whole number");
        assertThat(CliRun.run("eval", gt.toString(), gt.toString(), "--align", "affine").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("eval", gt.toString()).exitCode()).isEqualTo(2);
    }

    @Test
    void explicitFormatsOverrideDetection() throws Exception {
        Trajectory reference = randomWalk(5, 40);
        Path gt = dir.resolve("gt.dat"), est = dir.resolve("est.dat");
        TrajectoryWriter.write(reference, gt, TrajectoryFormat.KITTI);
        TrajectoryWriter.write(reference, est, TrajectoryFormat.KITTI);
        CliRun run = CliRun.run("eval", est.toString(), gt.toString(), "--est-format", "kitti", "--gt-format", "KITTI",
                "--align", "none", "--json", "-");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = JsonOutput.MAPPER.readTree(run.out());
        assertThat(json.path("association").asText()).isEqualTo("index");
        assertThat(json.path("ate").path("max").asDouble()).isZero();
        assertThat(json.path("rpe").path("trans_rmse").asDouble()).isLessThan(1e-12);
        CliRun wrong = CliRun.run("eval", est.toString(), gt.toString(), "--est-format", "tum");
        assertThat(wrong.exitCode()).isEqualTo(1);
        assertThat(wrong.err()).contains(est + ":1: 12 values, expected 8");
    }

    /** Poses 10 Hz from time 0, each step up to 1 m and 0.2 rad about each axis. */
    static Trajectory randomWalk(long seed, int poses) {
        Random random = new Random(seed);
        Trajectory trajectory = new Trajectory();
        Se3_F64 pose = new Se3_F64(), step = new Se3_F64();
        for (int i = 0; i < poses; i++) {
            trajectory.add(0.1 * i, pose);
            ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.4 * (random.nextDouble() - 0.5),
                    0.4 * (random.nextDouble() - 0.5), 0.4 * (random.nextDouble() - 0.5), step.R);
            step.T.setTo(random.nextDouble() - 0.5, random.nextDouble() - 0.5, random.nextDouble());
            pose = step.concat(pose, null);
        }
        return trajectory;
    }

    private static Trajectory shiftTimes(Trajectory trajectory, double seconds) {
        Trajectory out = new Trajectory();
        for (int i = 0; i < trajectory.size(); i++)
            out.add(trajectory.time(i) + seconds, trajectory.pose(i));
        return out;
    }

    private static Trajectory scaled(Trajectory trajectory, double scale) {
        Trajectory out = new Trajectory();
        for (int i = 0; i < trajectory.size(); i++) {
            Se3_F64 pose = trajectory.pose(i).copy();
            pose.T.scale(scale);
            out.add(trajectory.time(i), pose);
        }
        return out;
    }
}
