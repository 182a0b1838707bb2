package org.gpuvo.app;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --features orb|sift} and the SIFT options ({@link SiftOptions}), for the commands that extract features.
 * The feature count is each command's own option ({@code --max-features}). Options of the type not chosen are a usage
 * error, not silently ignored.
 */
public final class FeatureOptions {
    @Option(names = "--features", paramLabel = "orb|sift", defaultValue = "orb", converter = TypeConverter.class,
            description = "Which features: orb (the default: binary descriptors, fast) or sift (128 floats: more "
                    + "invariant to scale and viewpoint, slower). The count per image is --max-features.")
    public FeatureType type;

    @Mixin
    SiftOptions sift;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * The SIFT configuration of the options with {@code maxFeatures}.
     *
     * @throws ParameterException (a usage error) naming the parameter that is out of range
     */
    public ConfigSift siftConfig(int maxFeatures) {
        return sift.checked(sift.toConfig(maxFeatures));
    }

    /**
     * Fails with a usage error where an option of the type not chosen was given: a SIFT option without
     * {@code --features sift}, or one of {@code orbOnly} with it.
     */
    public void requireOptionsOfTheType(List<String> orbOnly) {
        List<String> wrong = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            boolean siftOption = o.userObject() instanceof Field f && f.getDeclaringClass() == SiftOptions.class;
            if (type == FeatureType.SIFT ? orbOnly.contains(o.longestName()) : siftOption)
                wrong.add(o.longestName());
        }
        if (!wrong.isEmpty())
            throw new ParameterException(spec.commandLine(), String.join(", ", wrong)
                    + (wrong.size() == 1 ? " is" : " are") + (type == FeatureType.SIFT
                    ? " for ORB: not with --features sift" : " for SIFT: add --features sift"));
    }

    /** orb or sift, any case; a number (the feature count, which {@code --features} used to take) says what to use. */
    static final class TypeConverter implements ITypeConverter<FeatureType> {
        @Override
        public FeatureType convert(String value) {
            if (value.trim().matches("[0-9][0-9,]*"))
                throw new TypeConversionException("--features names the feature type (orb or sift); the feature count "
                        + "is now --max-features " + value.trim());
            try {
                return FeatureType.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
