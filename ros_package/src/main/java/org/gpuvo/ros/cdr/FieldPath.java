package org.gpuvo.ros.cdr;

/**
 * The field being read or written, as a stack of names (and sequence indices) below the message type, so that an
 * error can say {@code tf2_msgs/msg/TFMessage.transforms[2].header.frame_id}. Pushing and popping allocate nothing;
 * the text is built only when an error is reported.
 */
final class FieldPath {
    private static final int NO_INDEX = -1;

    private final String root;
    private String[] names = new String[8];
    private int[] indices = new int[8];
    private int depth;

    FieldPath(String root) {
        this.root = root;
    }

    void push(String name) {
        push(name, NO_INDEX);
    }

    void push(String name, int index) {
        if (depth == names.length) {
            names = java.util.Arrays.copyOf(names, depth * 2);
            indices = java.util.Arrays.copyOf(indices, depth * 2);
        }
        names[depth] = name;
        indices[depth] = index;
        depth++;
    }

    void pop() {
        depth--;
    }

    /** Back to the message itself (after an exception left names pushed). */
    void clear() {
        depth = 0;
    }

    /** The full name of {@code field} inside the current position, e.g. {@code pkg/msg/Type.header.frame_id}. */
    String describe(String field) {
        StringBuilder text = new StringBuilder(root);
        for (int i = 0; i < depth; i++) {
            text.append('.').append(names[i]);
            if (indices[i] != NO_INDEX)
                text.append('[').append(indices[i]).append(']');
        }
        if (field != null)
            text.append('.').append(field);
        return text.toString();
    }
}
