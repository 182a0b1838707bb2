package org.gpuvo.ros.node.args;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class LogLevelsTest {
    @Test
    void laterLevelsOverrideEarlierOnesAndCaseDoesNotMatter() {
        RosArguments args = RosArguments.parse("--ros-args", "--log-level", "info", "--log-level", "DeBuG",
                "--log-level", "vo:=warn", "--log-level", "vo.orb:=fatal", "--log-level", "vo:=Error");
        LogLevels levels = args.logLevels();
        assertThat(levels.defaultLevel()).contains(LogLevels.Severity.DEBUG);
        assertThat(levels.loggerLevels()).containsExactly(Map.entry("vo", LogLevels.Severity.ERROR),
                Map.entry("vo.orb", LogLevels.Severity.FATAL));
    }

    @Test
    void levelsAreAppliedToLogback() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level rootBefore = root.getLevel();
        String name = "gpuvo.args.test." + System.nanoTime();
        try {
            LogLevels levels = RosArguments.parse("--ros-args", "--log-level", "warn", "--log-level",
                    name + ":=debug", "--log-level", name + ".fatal:=FATAL").logLevels();
            assertThat(levels.applyToLogback()).containsExactly("default log level WARN",
                    "log level of " + name + ": DEBUG", "log level of " + name + ".fatal: FATAL");
            assertThat(root.getLevel()).isEqualTo(Level.WARN);
            assertThat(context.getLogger(name).getLevel()).isEqualTo(Level.DEBUG);
            assertThat(LoggerFactory.getLogger(name + ".child").isDebugEnabled()).isTrue();
            // logback has no FATAL; ERROR is the nearest
            assertThat(context.getLogger(name + ".fatal").getLevel()).isEqualTo(Level.ERROR);

            // UNSET gives a logger back to its parent's level; the root keeps its own
            LogLevels unset = RosArguments.parse("--ros-args", "--log-level", "unset", "--log-level",
                    name + ":=unset").logLevels();
            assertThat(unset.applyToLogback()).containsExactly("default log level UNSET: the root logger keeps WARN",
                    "log level of " + name + ": UNSET");
            assertThat(context.getLogger(name).getLevel()).isNull();
            assertThat(root.getLevel()).isEqualTo(Level.WARN);
        } finally {
            root.setLevel(rootBefore);
            context.getLogger(name).setLevel(null);
            context.getLogger(name + ".fatal").setLevel(null);
        }
    }

    @Test
    void noLevelsChangeNothing() {
        assertThat(RosArguments.parse().logLevels().applyToLogback()).isEmpty();
        assertThat(RosArguments.parse().logLevels().isEmpty()).isTrue();
    }
}
