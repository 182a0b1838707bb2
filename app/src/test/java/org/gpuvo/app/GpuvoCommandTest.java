package org.gpuvo.app;

import org.gpuvo.app.features.FeaturesCliRun;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GpuvoCommandTest {
    @Test
    void helpListsTheWorkingSubcommands() {
        CliRun run = CliRun.run("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("info", "features", "conformance");
    }

    @Test
    void versionComesFromTheBuild() {
        CliRun run = CliRun.run("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().trim()).matches("gpuvo \\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void noSubcommandShowsUsageAsAUsageError() {
        CliRun run = CliRun.run();
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Usage: gpuvo");
    }

    @Test
    void anUnknownSubcommandIsAUsageErrorWithASuggestion() {
        CliRun run = CliRun.run("featurs", "x.png");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("featurs", "Did you mean", "features").doesNotContain("Exception");
    }

    @Test
    void anUnknownCommandIsAUsageErrorWithOrWithoutHelp() {
        for (String[] args : new String[][]{{"nosuch"}, {"nosuch", "--help"}, {"--help", "nosuch"}, {"nosuch", "-h"},
                {"-v", "nosuch", "run", "--help"}}) {
            CliRun run = CliRun.run(args);
            assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(run.out()).as(String.join(" ", args)).isEmpty();
            assertThat(run.err()).as(String.join(" ", args))
                    .startsWith("gpuvo: unknown command 'nosuch' (the commands: info, features, conformance, bench, "
                            + "eval, run, demo, bag, bag-from, replay, node)")
                    .contains("Try 'gpuvo --help' for more information.");
        }
    }

    @Test
    void aGroupsUnknownCommandIsAUsageErrorThatListsTheGroupsCommands() {
        CliRun run = CliRun.run("bag", "nosuch", "--help");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("gpuvo bag: unknown command 'nosuch' (the commands: info)")
                .contains("Try 'gpuvo bag --help' for more information.");

        CliRun help = CliRun.run("bag", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage: gpuvo bag");
    }

    @Test
    void anUnknownOptionOfAGroupIsStillReportedAsAnOption() {
        CliRun run = CliRun.run("--nosuch", "--help");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("gpuvo: Unknown option: '--nosuch'");
    }

    @Test
    void errorsAreOneLineWithoutVerboseAndTracedWithIt() {
        assertThat(ErrorReporting.describe(new java.io.IOException("cannot read a.png")))
                .isEqualTo("cannot read a.png");
        assertThat(ErrorReporting.describe(new NullPointerException())).isEqualTo("NullPointerException");
        assertThat(ErrorReporting.describe(new IndexOutOfBoundsException("7")))
                .isEqualTo("IndexOutOfBoundsException: 7");

        String[] args = {"features", "--synthetic"};
        CliRun quiet = FeaturesCliRun.runWithExtractor(config -> {
            throw new IllegalStateException("the extractor broke");
        }, args);
        assertThat(quiet.exitCode()).isEqualTo(1);
        assertThat(quiet.err().trim()).isEqualTo("gpuvo features: error: the extractor broke (--verbose shows where)");

        CliRun verbose = FeaturesCliRun.runWithExtractor(config -> {
            throw new IllegalStateException("the extractor broke");
        }, "features", "--synthetic", "--verbose");
        assertThat(verbose.exitCode()).isEqualTo(1);
        assertThat(verbose.err()).contains("java.lang.IllegalStateException: the extractor broke", "\tat ");
    }
}
