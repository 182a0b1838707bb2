package org.gpuvo.ros.node.args;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code --log-level} arguments: {@code --log-level LEVEL} sets the default level, {@code --log-level
 * name:=LEVEL} the level of one logger (rcl {@code arguments.c}); LEVEL is one of rcutils' severities, in any case.
 * Later arguments override earlier ones. {@link #applyToLogback()} makes them take effect where logback is SLF4J's
 * binding.
 */
public final class LogLevels {
    /** rcutils' severities (RCUTILS_LOG_SEVERITY). */
    public enum Severity {
        UNSET, DEBUG, INFO, WARN, ERROR, FATAL;

        /** Logback's level; FATAL is ERROR (logback has no FATAL), UNSET is null (inherit). */
        Level logbackLevel() {
            return switch (this) {
                case UNSET -> null;
                case DEBUG -> Level.DEBUG;
                case INFO -> Level.INFO;
                case WARN -> Level.WARN;
                case ERROR, FATAL -> Level.ERROR;
            };
        }
    }

    private final Severity defaultLevel;
    private final Map<String, Severity> loggerLevels;

    private LogLevels(Severity defaultLevel, Map<String, Severity> loggerLevels) {
        this.defaultLevel = defaultLevel;
        this.loggerLevels = Collections.unmodifiableMap(new LinkedHashMap<>(loggerLevels));
    }

    /** The level from {@code --log-level LEVEL}, if one was given. */
    public Optional<Severity> defaultLevel() {
        return Optional.ofNullable(defaultLevel);
    }

    /** The levels from {@code --log-level name:=LEVEL}, by logger name, in the order first given. */
    public Map<String, Severity> loggerLevels() {
        return loggerLevels;
    }

    public boolean isEmpty() {
        return defaultLevel == null && loggerLevels.isEmpty();
    }

    /**
     * Sets the levels on logback's loggers: the default on the root logger, the others on the loggers of those
     * names (a ROS logger name such as {@code robot1.vo} is used as it is; see {@link NodeName#loggerName()}).
     * Returns one line per level set or not set, for the log. Where SLF4J's binding is not logback it changes
     * nothing and says so.
     */
    public List<String> applyToLogback() {
        List<String> done = new ArrayList<>();
        if (isEmpty())
            return done;
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext context)) {
            done.add("log levels not applied: SLF4J's binding is " + factory.getClass().getName() + ", not logback");
            return done;
        }
        if (defaultLevel != null) {
            if (defaultLevel == Severity.UNSET) {
                done.add("default log level UNSET: the root logger keeps " + context.getLogger(
                        org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel());
            } else {
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(defaultLevel.logbackLevel());
                done.add("default log level " + defaultLevel);
            }
        }
        loggerLevels.forEach((name, severity) -> {
            context.getLogger(name).setLevel(severity.logbackLevel());
            done.add("log level of " + name + ": " + severity);
        });
        return done;
    }

    @Override
    public String toString() {
        return "LogLevels{default=" + defaultLevel + ", loggers=" + loggerLevels + "}";
    }

    /** Collects {@code --log-level} values in command line order. */
    static final class Builder {
        private Severity defaultLevel;
        private final Map<String, Severity> loggerLevels = new LinkedHashMap<>();

        /** One value of {@code --log-level}: {@code LEVEL} or {@code name:=LEVEL}. */
        void add(String value) {
            int separator = value.indexOf(":=");
            if (separator < 0) {
                defaultLevel = severity(value, value);
                return;
            }
            String name = value.substring(0, separator);
            if (name.isEmpty())
                throw new IllegalArgumentException("--log-level '" + value + "': the logger name before := is empty");
            loggerLevels.put(name, severity(value.substring(separator + 2), value));
        }

        LogLevels build() {
            return new LogLevels(defaultLevel, loggerLevels);
        }

        private static Severity severity(String level, String value) {
            try {
                return Severity.valueOf(level.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--log-level '" + value + "': '" + level + "' is not a log level"
                        + " (debug, info, warn, error, fatal or unset)");
            }
        }
    }
}
