package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.LimitProperties;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the small text files of datasets, calibrations, trajectories and bags with bounds: the file's size is
 * checked before it is read, the text must be UTF-8 (an error names the line and byte offset where it is not, as in
 * a binary or UTF-16 file), and a line may hold at most a set number of characters. The bounds are generous and
 * set with the system properties {@value #BYTES_PROPERTY} (default 256 MiB) and {@value #LINE_PROPERTY} (default
 * 1 MiB characters).
 */
public final class TextFiles {
    public static final String BYTES_PROPERTY = "gpuvo.limits.text-bytes";
    public static final String LINE_PROPERTY = "gpuvo.limits.line-chars";
    static final long DEFAULT_BYTES = 256L << 20;
    static final int DEFAULT_LINE_CHARS = 1 << 20;

    private TextFiles() {
    }

    /** The largest text file read, in bytes. */
    public static long maxBytes() {
        return LimitProperties.positive(BYTES_PROPERTY, DEFAULT_BYTES);
    }

    /** The longest line read, in characters. */
    public static int maxLineChars() {
        return (int) Math.min(Integer.MAX_VALUE, LimitProperties.positive(LINE_PROPERTY, DEFAULT_LINE_CHARS));
    }

    /** The whole file as text, within {@link #maxBytes()}; see {@link #read(Path, long)}. */
    public static String read(Path file) {
        return read(file, maxBytes());
    }

    /**
     * The whole file as text. Errors ({@link DatasetException}) name the file: it is missing, larger than
     * {@code maxBytes}, not UTF-8 text (with the line and byte offset), or has a line longer than
     * {@link #maxLineChars()}.
     */
    public static String read(Path file, long maxBytes) {
        return read(file, maxBytes, BYTES_PROPERTY);
    }

    /** As {@link #read(Path, long)}, naming {@code property} (if not null) as the setting of the size limit. */
    public static String read(Path file, long maxBytes, String property) {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > maxBytes)
                throw DatasetException.at(file, 0, "the file has " + size + " bytes, more than the " + maxBytes
                        + " a text file may have here"
                        + (property == null ? "" : " (system property " + property + ")"));
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1));
            }
            if (bytes.length > maxBytes)
                throw DatasetException.at(file, 0, "the file grew past " + maxBytes + " bytes while being read");
        } catch (NoSuchFileException e) {
            throw new DatasetException(file + ": no such file", e);
        } catch (IOException e) {
            throw new DatasetException(file + ": cannot read: " + e.getMessage(), e);
        }
        String text = decode(file, bytes);
        checkLineLengths(file, text, maxLineChars());
        return text;
    }

    /** The first line of a message that may span several (SnakeYAML's carry a snippet of the text). */
    public static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("").strip();
    }

    /** The file's lines (without their line ends), read as {@link #read(Path)} does. */
    public static List<String> lines(Path file) {
        return lines(read(file));
    }

    /** The lines of a text, split at \n, \r\n or \r. */
    public static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0, n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n')
                    i++;
                start = i + 1;
            }
        }
        if (start < n)
            lines.add(text.substring(start));
        return lines;
    }

    private static String decode(Path file, byte[] bytes) {
        if (bytes.length >= 2 && ((bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE
                || (bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF))
            throw DatasetException.at(file, 1, "the text is UTF-16 (it starts with a UTF-16 byte order mark): "
                    + "save it as UTF-8");
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            throw DatasetException.at(file, lineAt(bytes, at), String.format(
                    "not UTF-8 text: byte 0x%02X at byte offset %d (a binary or UTF-16 file?)", bytes[at] & 0xFF, at));
        }
        try {
            result = decoder.flush(out);
            if (result.isError())
                result.throwException();
        } catch (CharacterCodingException e) {
            throw DatasetException.at(file, lineAt(bytes, bytes.length), "not UTF-8 text: it ends inside a character");
        }
        out.flip();
        String text = out.toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The 1-based line of byte offset {@code at}. */
    private static int lineAt(byte[] bytes, int at) {
        int line = 1;
        for (int i = 0; i < at && i < bytes.length; i++)
            if (bytes[i] == '\n')
                line++;
        return line;
    }

    private static void checkLineLengths(Path file, String text, int maxChars) {
        int line = 1, start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > maxChars)
                    throw DatasetException.at(file, line, "the line has " + (i - start) + " characters, more than the "
                            + maxChars + " a line may have here (system property " + LINE_PROPERTY + ")");
                line++;
                start = i + 1;
            }
        }
    }
}
