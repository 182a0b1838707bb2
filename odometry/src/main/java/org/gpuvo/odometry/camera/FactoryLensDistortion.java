package org.gpuvo.odometry.camera;

import java.util.Arrays;
import java.util.Locale;

/**
 * Creates {@link LensDistortion}s from the names and coefficient vectors that calibration files use: ROS
 * {@code camera_info} ({@code plumb_bob}, {@code rational_polynomial}, {@code equidistant}) and the EuRoC / Kalibr
 * names ({@code radial-tangential}, {@code equidistant}). All-zero coefficients give {@link LensDistortion#NONE},
 * which lets the VO skip the per-point undistortion of images that are already rectified.
 */
public final class FactoryLensDistortion {
    /** The model names {@link #create} understands. */
    public static final String SUPPORTED = "plumb_bob (alias radial-tangential, radtan), rational_polynomial, "
            + "equidistant (alias fisheye), none";

    private FactoryLensDistortion() {
    }

    /**
     * @param model        model name, case-insensitive; an empty name with no coefficients means none
     * @param coefficients in the order of the named convention (ROS D vector; Kalibr k1 k2 p1 p2 or k1..k4)
     * @throws IllegalArgumentException for an unknown name, a wrong number of coefficients, or a non-finite one
     */
    public static LensDistortion create(String model, double[] coefficients) {
        String name = model == null ? "" : model.trim().toLowerCase(Locale.ROOT);
        double[] d = coefficients == null ? new double[0] : coefficients;
        for (double v : d)
            if (!Double.isFinite(v))
                throw new IllegalArgumentException("distortion coefficients must be finite, got " + Arrays.toString(d));
        boolean zero = Arrays.stream(d).allMatch(v -> v == 0);
        switch (name) {
            case "":
            case "none":
                if (!zero)
                    throw new IllegalArgumentException("distortion model '" + name + "' with non-zero coefficients "
                            + Arrays.toString(d) + ": name the model (" + SUPPORTED + ")");
                return LensDistortion.NONE;
            case "plumb_bob":
            case "radial-tangential":
            case "radtan":
                // ROS writes 5 (k1 k2 p1 p2 k3); Kalibr/EuRoC 4 (k1 k2 p1 p2)
                requireCount(name, d, 4, 5);
                if (zero)
                    return LensDistortion.NONE;
                return RadialTangentialDistortion.plumbBob(d[0], d[1], d[2], d[3], d.length > 4 ? d[4] : 0);
            case "rational_polynomial":
                requireCount(name, d, 8, 8);
                if (zero)
                    return LensDistortion.NONE;
                return RadialTangentialDistortion.rationalPolynomial(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
            case "equidistant":
            case "fisheye":
                requireCount(name, d, 4, 4);
                // zero coefficients are still a fisheye (θd = θ), not a pinhole
                return new EquidistantDistortion(d[0], d[1], d[2], d[3]);
            default:
                throw new IllegalArgumentException("unknown distortion model '" + model + "'; supported: " + SUPPORTED);
        }
    }

    private static void requireCount(String name, double[] d, int min, int max) {
        if (d.length < min || d.length > max)
            throw new IllegalArgumentException("distortion model '" + name + "' takes "
                    + (min == max ? String.valueOf(min) : min + " or " + max) + " coefficients, got " + d.length);
    }
}
