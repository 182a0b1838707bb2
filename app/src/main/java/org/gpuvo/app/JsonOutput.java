package org.gpuvo.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code --json FILE} option every result-producing command takes, and where that command's text goes: when
 * the JSON is written to standard output ({@code --json -}), the human-readable text moves to standard error so
 * that standard output stays one valid JSON document.
 */
public final class JsonOutput {
    /** JSON keys are snake_case, as ROS 2 names its parameters and fields. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the result as JSON to FILE ('-' for standard output; the text then goes to "
                    + "standard error).")
    String file;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** Where the command's human-readable text goes. */
    public PrintWriter text() {
        return toStandardOutput() ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }

    /** Writes {@code value} (a Jackson tree or a record) if {@code --json} was given. */
    public void write(Object value) throws IOException {
        if (file == null)
            return;
        String json = MAPPER.writeValueAsString(value);
        if (toStandardOutput()) {
            PrintWriter out = spec.commandLine().getOut();
            out.println(json);
            out.flush();
        } else {
            Path path = Path.of(file);
            OutputFiles.requireWritable(path);
            Files.writeString(path, json + System.lineSeparator());
        }
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** A JSON number, or null where the figure is undefined (0/0): JSON has no NaN. */
    public static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    private boolean toStandardOutput() {
        return "-".equals(file);
    }
}
