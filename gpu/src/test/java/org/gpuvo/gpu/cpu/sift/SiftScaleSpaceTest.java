package org.gpuvo.gpu.cpu.sift;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The Gaussian kernel, the separable blur and the scale space's levels, octaves and differences. */
class SiftScaleSpaceTest {

    @ParameterizedTest
    @ValueSource(doubles = {0.7, 1.2263, 1.6, 2.452, 3.0902, 5.5})
    void kernelSumsToOneAndHasItsSigma(double sigma) {
        float[] w = GaussianKernel.weights(sigma);
        int r = (int) Math.ceil(4 * sigma);
        assertThat(w).hasSize(2 * r + 1);
        double sum = 0, variance = 0;
        for (int k = -r; k <= r; k++) {
            sum += w[k + r];
            variance += (double) k * k * w[k + r];
            assertThat(w[k + r]).isEqualTo(w[r - k]);
        }
        assertThat(sum).isCloseTo(1, within(1e-6));
        // truncation at 4σ removes 6e-5 of the mass, all of it far out: the variance loses about 0.1 %
        assertThat(Math.sqrt(variance)).isCloseTo(sigma, within(2e-3 * sigma));
    }

    @Test
    void blurOfAConstantIsTheConstant() {
        int w = 37, h = 23;
        float[] plane = new float[w * h];
        java.util.Arrays.fill(plane, 0.37f);
        float[] out = new float[w * h];
        new SeparableGaussianBlur().apply(plane, out, w, h, GaussianKernel.weights(3.1));
        for (float v : out)
            assertThat(v).isCloseTo(0.37f, within(1e-6f));
    }

    @Test
    void blurMayWriteOverItsInputAndClampsBorders() {
        int w = 19, h = 11;
        float[] a = new float[w * h];
        for (int i = 0; i < a.length; i++)
            a[i] = (i * 7919 % 97) / 97f;
        float[] b = a.clone(), out = new float[w * h];
        float[] kernel = GaussianKernel.weights(1.4);
        SeparableGaussianBlur blur = new SeparableGaussianBlur();
        blur.apply(a, out, w, h, kernel);
        blur.apply(b, b, w, h, kernel);
        assertThat(b).isEqualTo(out);
        // every pixel by the definition (gpu/SIFT.md §2), bit for bit: the CUDA blur must give these bits too
        float[] fused = new float[w * h], rounded = new float[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                fused[y * w + x] = blurredByDefinition(a, w, h, kernel, x, y, true);
                rounded[y * w + x] = blurredByDefinition(a, w, h, kernel, x, y, false);
            }
        }
        assertThat(out).as("blur vs its definition, one fused multiply-add a tap").containsExactly(fused);
        // products and sums rounded separately give other bits on this input: the check above tells them apart
        assertThat(rounded).isNotEqualTo(fused);
    }

    /**
     * Pixel (x, y) blurred: clamped coordinates, horizontal sums first, each in kernel order from the first
     * product, every later tap a fused multiply-add ({@code fused}) or a product and a sum.
     */
    private static float blurredByDefinition(float[] a, int w, int h, float[] kernel, int x, int y, boolean fused) {
        int r = kernel.length / 2;
        float sum = 0;
        for (int j = 0; j < kernel.length; j++) {
            int row = Math.max(0, Math.min(h - 1, y + j - r)) * w;
            float rowSum = 0;
            for (int k = 0; k < kernel.length; k++) {
                float v = a[row + Math.max(0, Math.min(w - 1, x + k - r))];
                rowSum = k == 0 ? kernel[k] * v : fused ? Math.fma(kernel[k], v, rowSum) : rowSum + kernel[k] * v;
            }
            sum = j == 0 ? kernel[j] * rowSum : fused ? Math.fma(kernel[j], rowSum, sum) : sum + kernel[j] * rowSum;
        }
        return sum;
    }

    /**
     * Output pixel X samples the input at X/2 − ¼ (OpenCV's INTER_LINEAR phase): a 3 : 1 mix of its nearer and its
     * farther input pixel in each of the two nearest rows, then of those two rows, the border pixel standing in for a
     * missing neighbour.
     */
    @Test
    void upsamplingSamplesAtOpenCvsPhase() {
        float[] in = {0.1f, 0.3f, 0.7f, 0.5f, 0.9f, 0.2f};
        float[] up = new float[6 * 4];
        InputPlane.upsampleTwice(in, 3, 2, up);
        // the two input rows upsampled: ¾ of the nearer pixel and ¼ of the farther one
        float[] row0 = {0.1f, 0.15f, 0.25f, 0.4f, 0.6f, 0.7f}, row1 = {0.5f, 0.6f, 0.8f, 0.725f, 0.375f, 0.2f};
        for (int x = 0; x < 6; x++) {
            assertThat(up[x]).as("row 0, column %d", x).isCloseTo(row0[x], within(1e-6f));
            assertThat(up[6 + x]).as("row 1, column %d", x)
                    .isCloseTo(0.75f * row0[x] + 0.25f * row1[x], within(1e-6f));
            assertThat(up[12 + x]).as("row 2, column %d", x)
                    .isCloseTo(0.75f * row1[x] + 0.25f * row0[x], within(1e-6f));
            assertThat(up[18 + x]).as("row 3, column %d", x).isCloseTo(row1[x], within(1e-6f));
        }
        assertThat(SiftOctave.origin(-1)).isEqualTo(-0.25f);
        assertThat(SiftOctave.origin(0)).isZero();
    }

    /**
     * A bright impulse blurred through the scale space: its spread (the square root of the second moment about
     * the impulse, per axis) on level s of octave o must be the nominal blur of that level less the input's assumed
     * blur: σ(s)² − (σn·2^−o)², in octave pixels. Variances of discrete kernels add exactly under convolution, and
     * decimation keeps the spread in the new pixels, so the tolerance (1 %) only covers the kernels' truncation
     * and the impulse's float precision.
     */
    @Test
    void levelsHaveTheirNominalBlur() {
        ConfigSift config = new ConfigSift();
        int size = 257;
        GrayImage image = GrayImage.create(size, size);
        image.set(128, 128, 255);
        SiftScaleSpace space = new SiftScaleSpace(config);
        space.build(image);
        assertThat(space.size()).isEqualTo(4); // 257, 128, 64, 32 (16 is shorter than a descriptor window)
        for (int o = 0; o < 3; o++) {
            SiftOctave octave = space.octave(o);
            assertThat(octave.index).isEqualTo(o);
            assertThat(octave.width).isEqualTo(size >> o);
            double centre = 128 >> o;
            for (int s = 0; s < octave.levels(); s++) {
                double nominal = SiftScaleSpace.levelSigma(config.sigma, s, config.levelsPerOctave);
                double inputBlur = config.inputSigma / (1 << o);
                double expected = Math.sqrt(nominal * nominal - inputBlur * inputBlur);
                assertThat(spread(octave.gauss[s], octave.width, octave.height, centre))
                        .as("octave %d level %d", o, s).isCloseTo(expected, within(0.01 * expected));
            }
        }
    }

    /**
     * The upsampled first octave: an input pixel's impulse is centred on upsampled pixel 2·(x + ¼) (input x at the
     * octave origin −¼), and its levels add the interpolation's own variance, ¾ (upsampled pixels)² (its 4 taps
     * ¼ ¾ ¾ ¼ at ±½ and ±1½), to their nominal blur.
     */
    @Test
    void upsampledLevelsHaveTheirNominalBlur() {
        ConfigSift config = new ConfigSift();
        config.firstOctave = -1;
        GrayImage image = GrayImage.create(129, 129);
        image.set(64, 64, 255);
        SiftScaleSpace space = new SiftScaleSpace(config);
        space.build(image);
        SiftOctave octave = space.octave(0);
        assertThat(octave.index).isEqualTo(-1);
        assertThat(octave.width).isEqualTo(258);
        assertThat(octave.scale).isEqualTo(0.5f);
        assertThat(octave.origin).isEqualTo(-0.25f);
        double centre = (64 - octave.origin) / octave.scale; // 128.5
        for (int s = 0; s < octave.levels(); s++) {
            double nominal = SiftScaleSpace.levelSigma(config.sigma, s, config.levelsPerOctave);
            double expected = Math.sqrt(nominal * nominal - 4 * config.inputSigma * config.inputSigma + 0.75);
            assertThat(centroid(octave.gauss[s], octave.width, octave.height)).as("level %d", s)
                    .isCloseTo(centre, within(1e-3));
            assertThat(spread(octave.gauss[s], octave.width, octave.height, centre)).as("level %d", s)
                    .isCloseTo(expected, within(0.01 * expected));
        }
    }

    /** The x centroid of a plane. */
    private static double centroid(float[] plane, int w, int h) {
        double mass = 0, moment = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                mass += plane[y * w + x];
                moment += plane[y * w + x] * (double) x;
            }
        return moment / mass;
    }

    private static double spread(float[] plane, int w, int h, double centre) {
        double mass = 0, moment = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double v = plane[y * w + x];
                mass += v;
                moment += v * (x - centre) * (x - centre);
            }
        return Math.sqrt(moment / mass);
    }

    @Test
    void octavesStopAtTheMinimumSideOrTheConfiguredCount() {
        ConfigSift config = new ConfigSift();
        assertThat(config.minOctaveSide()).isEqualTo(24); // 5 bins of 3 · 1.6
        assertThat(SiftScaleSpace.octaveCount(1226, 370, config)).isEqualTo(4); // 370, 185, 92, 46 (not 23)
        assertThat(SiftScaleSpace.octaveCount(40, 24, config)).isEqualTo(1);
        assertThat(SiftScaleSpace.octaveCount(40, 23, config)).isZero();
        assertThat(SiftScaleSpace.octaveCount(20, 15, config)).isZero();
        config.octaves = 3;
        assertThat(SiftScaleSpace.octaveCount(1226, 370, config)).isEqualTo(3);
        config.octaves = 0;
        config.firstOctave = -1;
        assertThat(SiftScaleSpace.octaveCount(1226, 370, config)).isEqualTo(5); // 740 … 46
        assertThat(SiftScaleSpace.octaveCount(752, 480, config)).isEqualTo(6); // 960 … 30
        assertThat(SiftScaleSpace.octaveCount(20, 15, config)).isEqualTo(1);
    }

    /** The minimum side is the descriptor window at σ0, so it follows the magnification and σ0, but not below 16. */
    @Test
    void theMinimumSideIsOneDescriptorWindowAtTheBaseScale() {
        ConfigSift config = new ConfigSift();
        config.magnification = 4;
        assertThat(config.minOctaveSide()).isEqualTo(32);
        assertThat(SiftScaleSpace.octaveCount(40, 30, config)).isZero();
        config.magnification = 3;
        config.sigma = 2;
        assertThat(config.minOctaveSide()).isEqualTo(30);
        config.magnification = 1;
        assertThat(config.minOctaveSide()).isEqualTo(ConfigSift.MIN_OCTAVE_SIDE);
        assertThat(SiftScaleSpace.octaveCount(20, 16, config)).isEqualTo(1);
    }

    @Test
    void differencesAreConsecutiveLevelsSubtractedAndOctavesDecimate() {
        ConfigSift config = new ConfigSift();
        GrayImage image = RandomImages.noise(101, 67, 5);
        SiftScaleSpace space = new SiftScaleSpace(config);
        space.build(image);
        SiftOctave first = space.octave(0), second = space.octave(1);
        assertThat(second.width).isEqualTo(50);
        assertThat(second.height).isEqualTo(33);
        for (int v = 0; v < second.height; v++)
            for (int u = 0; u < second.width; u++)
                assertThat(second.gauss[0][v * 50 + u]).isEqualTo(first.gauss[3][2 * v * 101 + 2 * u]);
        float[][] dog = space.differences(1);
        assertThat(dog.length).isEqualTo(5);
        for (int s = 0; s < 5; s++)
            for (int i = 0; i < 50 * 33; i++)
                assertThat(dog[s][i]).isEqualTo(second.gauss[s + 1][i] - second.gauss[s][i]);
    }
}
