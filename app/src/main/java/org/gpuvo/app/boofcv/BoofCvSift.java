package org.gpuvo.app.boofcv;

import boofcv.abst.feature.detdesc.ConfigCompleteSift;
import boofcv.abst.feature.detdesc.DetectDescribePoint;
import boofcv.factory.feature.detdesc.FactoryDetectDescribe;
import boofcv.struct.feature.TupleDesc_F64;
import boofcv.struct.image.GrayF32;
import georegression.struct.point.Point2D_F64;
import org.gpuvo.app.conformance.SiftSource;
import org.gpuvo.app.conformance.UnitDescriptors;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

/**
 * BoofCV 1.2.2's SIFT ({@code FactoryDetectDescribe.sift}) configured as Lowe's paper ({@code
 * ConfigCompleteSift.createPaper()}: σ0 1.6, 3×3 non-maximum suppression) with gpuvo's parameters where BoofCV has
 * them: scales per octave, σ0, the edge threshold and the feature budget. It always starts at octave 0, at the
 * input's resolution (as BoofCV's default configuration does): with the image upsampled first (octave -1), BoofCV
 * 1.2.2's features hardly match across geometric changes (measured on a KITTI frame rotated by 15°: 85 matches, none
 * correct, where octave 0 gives 879 matches, 848 correct), though they do across blur and brightness changes.
 * BoofCV applies the
 * budget to detections, before orientation assignment, so one image may get somewhat more features than the
 * budget (a detection with several orientations counts once). BoofCV does not refine the contrast after
 * interpolation: its detection threshold is gpuvo's final one, {@code contrastThreshold / S}, on the integer
 * extremum, in BoofCV's intensity unit (0–255). Descriptors come back with unit length (RootSIFT where configured).
 */
public final class BoofCvSift implements SiftSource {
    /** The octave BoofCV starts at (see above). */
    public static final int FIRST_OCTAVE = 0;
    /** The last octave BoofCV computes (its paper configuration's): octave 5 of a 4K frame is 120 pixels wide. */
    static final int LAST_OCTAVE = 5;

    private final DetectDescribePoint<GrayF32, TupleDesc_F64> sift;
    private final boolean rootSift;
    private final GrayF32 input = new GrayF32(1, 1);

    public BoofCvSift(ConfigSift config) {
        config.checkValidity();
        ConfigCompleteSift c = ConfigCompleteSift.createPaper();
        c.scaleSpace.sigma0 = (float) config.sigma;
        c.scaleSpace.numScales = config.levelsPerOctave;
        c.scaleSpace.firstOctave = FIRST_OCTAVE;
        c.scaleSpace.lastOctave = LAST_OCTAVE;
        c.detector.edgeR = config.edgeThreshold;
        c.detector.extract.threshold = (float) (255 * config.contrastThreshold / config.levelsPerOctave);
        c.detector.maxFeaturesAll = config.maxFeatures;
        sift = FactoryDetectDescribe.sift(c, GrayF32.class);
        rootSift = config.rootSift;
    }

    @Override
    public String name() {
        return "boofcv";
    }

    @Override
    public String implementation() {
        return "BoofCV 1.2.2";
    }

    @Override
    public int firstOctave() {
        return FIRST_OCTAVE;
    }

    @Override
    public void detect(GrayImage image, SiftFeatures out) {
        input.reshape(image.width, image.height);
        for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
                input.unsafe_set(x, y, image.get(x, y));
        sift.detect(input);
        int n = sift.getNumberOfFeatures();
        out.keyPoints.clear();
        out.keyPoints.ensureCapacity(n);
        FloatDescriptors descriptors = out.descriptors;
        descriptors.resize(n);
        for (int i = 0; i < n; i++) {
            Point2D_F64 p = sift.getLocation(i);
            double degrees = Math.toDegrees(sift.getOrientation(i)) % 360;
            out.keyPoints.add((float) p.x, (float) p.y, 0, (float) (2 * sift.getRadius(i)),
                    (float) (degrees < 0 ? degrees + 360 : degrees), 0);
            double[] d = sift.getDescription(i).data;
            if (d.length != descriptors.length)
                throw new IllegalStateException("BoofCV's SIFT descriptor has " + d.length + " elements, not "
                        + descriptors.length);
            for (int k = 0; k < d.length; k++)
                descriptors.data[i * descriptors.length + k] = (float) d[k];
        }
        UnitDescriptors.normalise(descriptors, rootSift);
    }
}
