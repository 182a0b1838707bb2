package org.gpuvo.app;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code --frames A:B} option of the commands that read a sequence: frames A to B-1, either end optional. */
public final class FrameRange {
    private static final Pattern RANGE = Pattern.compile("(\\d*):(\\d*)");

    private FrameRange() {
    }

    /** {@code frames} (null for all) as [first, end) within {@code size} frames; a usage error where it is not one. */
    public static int[] parse(String frames, int size, CommandLine commandLine) {
        if (frames == null)
            return new int[]{0, size};
        Matcher m = RANGE.matcher(frames.trim());
        if (!m.matches())
            throw new ParameterException(commandLine, "--frames takes A:B (frames A to B-1), not '" + frames + "'");
        try {
            int first = m.group(1).isEmpty() ? 0 : Integer.parseInt(m.group(1));
            int end = m.group(2).isEmpty() ? size : Integer.parseInt(m.group(2));
            if (first >= end || end > size)
                throw new ParameterException(commandLine, "--frames " + frames + " is not a range of frames within 0:"
                        + size + " (the dataset has " + size + " frames)");
            return new int[]{first, end};
        } catch (NumberFormatException e) {
            throw new ParameterException(commandLine, "--frames " + frames + ": number too large");
        }
    }
}
