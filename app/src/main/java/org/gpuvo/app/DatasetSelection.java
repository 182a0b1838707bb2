package org.gpuvo.app;

import org.gpuvo.odometry.dataset.Sequence;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;

/** The DATASET argument and the {@code --frames} option of the commands that read a dataset (run, bag-from). */
public final class DatasetSelection {
    @Parameters(index = "0", paramLabel = "DATASET",
            description = "The dataset folder, or synthetic:room / synthetic:street / synthetic:highway (rendered, "
                    + "300 frames).")
    String dataset;

    @Option(names = "--frames", paramLabel = "A:B",
            description = "Only frames A to B-1 (either may be left out: 100: or :50; default: all).")
    String frames;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * The frames chosen of a dataset.
     *
     * @param whole  the whole dataset
     * @param frames the frames chosen, {@code whole} itself where they are all of it
     * @param first  the index in {@code whole} of the first frame chosen
     */
    public record Selection(Sequence whole, Sequence frames, int first) {
    }

    /** The frames chosen: a usage error where the dataset or the frames do not exist, a failure where unreadable. */
    public Selection open() throws IOException {
        Sequence whole = DatasetArgument.open(dataset, spec.commandLine());
        int[] range = FrameRange.parse(frames, whole.size(), spec.commandLine());
        boolean all = range[0] == 0 && range[1] == whole.size();
        return new Selection(whole, all ? whole : new SequenceSlice(whole, range[0], range[1]), range[0]);
    }
}
