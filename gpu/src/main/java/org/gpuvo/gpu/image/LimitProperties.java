package org.gpuvo.gpu.image;

/**
 * Reads the system properties that set input limits ({@code gpuvo.limits.*}): the largest image, text file, bag
 * chunk and so on that a reader accepts. A property that is set must be a positive whole number.
 */
public final class LimitProperties {
    private LimitProperties() {
    }

    /** The value of property {@code name}, or {@code absent} where it is not set. */
    public static long positive(String name, long absent) {
        String text = System.getProperty(name);
        if (text == null || text.isBlank())
            return absent;
        try {
            long value = Long.parseLong(text.strip());
            if (value > 0)
                return value;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("system property " + name + " must be a positive whole number, not '"
                + text + "'");
    }
}
