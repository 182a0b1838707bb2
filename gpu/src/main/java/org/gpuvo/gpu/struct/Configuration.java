package org.gpuvo.gpu.struct;

/**
 * Settings of an algorithm as public fields, in the manner of BoofCV's {@code boofcv.struct.Configuration}. The
 * library checks a configuration where it enters (a factory or a constructor), so that a bad setting fails at once
 * with a message naming it, and what holds on to one holds a copy, which later changes to the caller's object do
 * not reach. Implementations narrow both return types to their own class.
 */
public interface Configuration {
    /**
     * Checks every setting, nested configurations included.
     *
     * @return this
     * @throws IllegalArgumentException naming the first field that is out of range, and its allowed range
     */
    Configuration checkValidity();

    /**
     * A deep copy: every field carried over, and no mutable state (nested configurations, arrays, mutable values)
     * shared with this one.
     */
    Configuration copy();

    /**
     * Checks the configuration held in the field {@code field} of another, naming that field in the message.
     *
     * @throws IllegalArgumentException "field: " and the nested configuration's message
     */
    static void checkNested(String field, Configuration nested) {
        try {
            nested.checkValidity();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": " + e.getMessage(), e);
        }
    }
}
