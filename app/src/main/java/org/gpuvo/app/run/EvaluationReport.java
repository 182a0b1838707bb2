package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.ejml.data.DMatrixRMaj;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.odometry.metrics.DeltaUnit;
import org.gpuvo.odometry.metrics.ErrorStatistics;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.KittiResult;
import org.gpuvo.odometry.metrics.RpeResult;
import org.gpuvo.odometry.metrics.SimilarityTransform;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The figures of a trajectory evaluation as a short table and as JSON ({@code gpuvo eval}, {@code gpuvo run}).
 * JSON keys: {@code pairs}, {@code alignment} {mode, scale, rotation (row-major 3×3), translation},
 * {@code ate} {rmse, mean, median, std, min, max, sse, n}, {@code rpe} {trans_rmse, rot_rmse_deg, n, delta, unit,
 * style} and {@code kitti} {t_err_percent, r_err_deg_per_100m, segments}; {@code rpe} and {@code kitti} are null
 * where they cannot be computed.
 */
final class EvaluationReport {
    private EvaluationReport() {
    }

    static void print(EvaluationResult result, PrintWriter out) {
        SimilarityTransform a = result.alignment();
        out.printf(Locale.ROOT, "pairs      %d (%s association)%n", result.pairs().size(),
                result.config().association.name().toLowerCase(Locale.ROOT));
        out.printf(Locale.ROOT, "alignment  %s: scale %.6g, rotation %.4f deg, translation (%.4f, %.4f, %.4f) m%n",
                mode(result), a.scale, rotationDegrees(a.R), a.T.x, a.T.y, a.T.z);
        ErrorStatistics s = result.ate().statistics();
        out.printf(Locale.ROOT, "ATE (m)    rmse %.6f  mean %.6f  median %.6f  std %.6f  min %.6f  max %.6f  (n %d)%n",
                s.rmse(), s.mean(), s.median(), s.std(), s.min(), s.max(), s.n());
        RpeResult rpe = result.rpe();
        if (rpe == null)
            out.printf(Locale.ROOT, "RPE        no pair %s apart%n",
                    delta(result.config().rpeDelta, result.config().rpeUnit));
        else
            out.printf(Locale.ROOT, "RPE        trans rmse %.6f m  rot rmse %.6f deg  (%s apart, %s style, n %d)%n",
                    rpe.transRmse(), rpe.rotRmseDeg(), delta(rpe.delta(), rpe.unit()),
                    rpe.style().name().toLowerCase(Locale.ROOT), rpe.n());
        KittiResult kitti = result.kitti();
        if (kitti == null)
            out.println("KITTI      no segment of 100 m or more in the reference");
        else
            out.printf(Locale.ROOT, "KITTI      t_err %.5f %%  r_err %.5f deg/100m  (%d segments)%n",
                    kitti.tErrPercent(), kitti.rErrDegPer100m(), kitti.segments());
        out.flush();
    }

    static ObjectNode json(EvaluationResult result) {
        ObjectNode root = JsonOutput.object();
        root.put("pairs", result.pairs().size());
        root.put("association", result.config().association.name().toLowerCase(Locale.ROOT));
        SimilarityTransform a = result.alignment();
        ObjectNode alignment = root.putObject("alignment");
        alignment.put("mode", mode(result));
        alignment.put("scale", a.scale);
        ArrayNode rotation = alignment.putArray("rotation");
        for (double v : a.R.data)
            rotation.add(v);
        alignment.putArray("translation").add(a.T.x).add(a.T.y).add(a.T.z);

        ErrorStatistics s = result.ate().statistics();
        ObjectNode ate = root.putObject("ate");
        ate.put("rmse", JsonOutput.finiteOrNull(s.rmse()));
        ate.put("mean", JsonOutput.finiteOrNull(s.mean()));
        ate.put("median", JsonOutput.finiteOrNull(s.median()));
        ate.put("std", JsonOutput.finiteOrNull(s.std()));
        ate.put("min", JsonOutput.finiteOrNull(s.min()));
        ate.put("max", JsonOutput.finiteOrNull(s.max()));
        ate.put("sse", s.sse());
        ate.put("n", s.n());

        RpeResult r = result.rpe();
        if (r == null) {
            root.putNull("rpe");
        } else {
            ObjectNode rpe = root.putObject("rpe");
            rpe.put("trans_rmse", r.transRmse());
            rpe.put("rot_rmse_deg", r.rotRmseDeg());
            rpe.put("n", r.n());
            rpe.put("delta", r.delta());
            rpe.put("unit", unitName(r.unit()));
            rpe.put("style", r.style().name().toLowerCase(Locale.ROOT));
        }
        KittiResult k = result.kitti();
        if (k == null) {
            root.putNull("kitti");
        } else {
            ObjectNode kitti = root.putObject("kitti");
            kitti.put("t_err_percent", k.tErrPercent());
            kitti.put("r_err_deg_per_100m", k.rErrDegPer100m());
            kitti.put("segments", k.segments());
        }
        return root;
    }

    /** f, m or s, as on the command line. */
    static String unitName(DeltaUnit unit) {
        return switch (unit) {
            case FRAMES -> "f";
            case METERS -> "m";
            case SECONDS -> "s";
        };
    }

    private static String delta(double delta, DeltaUnit unit) {
        String amount = delta == Math.rint(delta) ? String.valueOf((long) delta) : String.valueOf(delta);
        return switch (unit) {
            case FRAMES -> amount + (delta == 1 ? " frame" : " frames");
            case METERS -> amount + " m";
            case SECONDS -> amount + " s";
        };
    }

    private static String mode(EvaluationResult result) {
        return result.ate().mode().name().toLowerCase(Locale.ROOT);
    }

    /** Angle of a rotation matrix, degrees. */
    private static double rotationDegrees(DMatrixRMaj r) {
        double c = 0.5 * (r.get(0, 0) + r.get(1, 1) + r.get(2, 2) - 1);
        return Math.toDegrees(Math.acos(Math.max(-1, Math.min(1, c))));
    }
}
