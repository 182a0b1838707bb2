package org.gpuvo.app;

import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatasetArgumentTest {
    private final CommandLine commandLine = GpuvoCommand.commandLine();

    @Test
    void syntheticScenesOpenTheirPresetsForThreeHundredFrames() throws Exception {
        for (ConfigSynthetic.SceneKind kind : ConfigSynthetic.SceneKind.values()) {
            String name = kind.name().toLowerCase(java.util.Locale.ROOT);
            Sequence sequence = DatasetArgument.open("synthetic:" + name, commandLine);
            assertThat(sequence.name()).isEqualTo("synthetic-" + name + "-1");
            assertThat(sequence.size()).isEqualTo(300);
            ConfigSynthetic config = ((SyntheticSequence) sequence).config();
            ConfigSynthetic preset = ConfigSynthetic.preset(kind);
            assertThat(config.speed).isEqualTo(preset.speed);
            assertThat(config.rate).isEqualTo(preset.rate);
            assertThat(config.exposureTime).isEqualTo(preset.exposureTime);
        }
        assertThat(DatasetArgument.open("SYNTHETIC:Highway", commandLine).name()).isEqualTo("synthetic-highway-1");
    }

    @Test
    void anUnknownSceneIsAUsageErrorListingTheScenes() {
        assertThatThrownBy(() -> DatasetArgument.open("synthetic:moon", commandLine))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("synthetic:room, synthetic:street or synthetic:highway");
    }
}
