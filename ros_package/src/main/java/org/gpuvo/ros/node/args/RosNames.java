package org.gpuvo.ros.node.args;

/**
 * ROS 2's rules for node names, namespaces and topic names, as rcl and rmw check them (design.ros2.org "Topic and
 * Service name mapping to DDS"; rmw {@code validate_node_name.c}, {@code validate_namespace.c},
 * {@code validate_full_topic_name.c}; rcl {@code validate_topic_name.c}). Each check throws an
 * {@link IllegalArgumentException} that quotes the name, says which rule it breaks and where.
 */
public final class RosNames {
    /** rmw's RMW_NODE_NAME_MAX_NAME_LENGTH. */
    public static final int MAX_NODE_NAME_LENGTH = 255;
    /** rmw's RMW_TOPIC_MAX_NAME_LENGTH: 255 less 8 kept for the DDS prefixes ({@code rt/} and the like). */
    public static final int MAX_TOPIC_NAME_LENGTH = 255 - 8;
    /** rmw's RMW_NAMESPACE_MAX_LENGTH: room for a one-character name under the namespace. */
    public static final int MAX_NAMESPACE_LENGTH = MAX_TOPIC_NAME_LENGTH - 2;

    private RosNames() {
    }

    /** A node name: alphanumerics and '_', not starting with a digit, at most 255 characters. */
    public static void checkNodeName(String name) {
        if (name == null || name.isEmpty())
            throw invalid("node name", name, "it must not be empty", -1);
        for (int i = 0; i < name.length(); i++)
            if (!isAlnum(name.charAt(i)) && name.charAt(i) != '_')
                throw invalid("node name", name, "it must hold only alphanumerics and '_'", i);
        if (isDigit(name.charAt(0)))
            throw invalid("node name", name, "it must not start with a number", 0);
        if (name.length() > MAX_NODE_NAME_LENGTH)
            throw invalid("node name", name, "it must not be longer than " + MAX_NODE_NAME_LENGTH + " characters", -1);
    }

    /** An absolute namespace: "/" or a fully qualified name, at most {@value #MAX_NAMESPACE_LENGTH} characters. */
    public static void checkNamespace(String namespace) {
        if (!"/".equals(namespace))
            checkFullName("namespace", namespace, MAX_NAMESPACE_LENGTH);
    }

    /**
     * A fully qualified topic name, as it goes to the middleware: absolute, alphanumerics, '_' and '/', no empty or
     * digit-led token, no trailing '/', at most {@value #MAX_TOPIC_NAME_LENGTH} characters.
     */
    public static void checkFullTopicName(String name) {
        checkFullName("topic name", name, MAX_TOPIC_NAME_LENGTH);
    }

    /**
     * A topic name as code writes it, before expansion (rcl_validate_topic_name): it may be relative, start with
     * {@code ~} (private, then followed by '/') and hold {@code {substitutions}}. Repeated '/' are caught only after
     * expansion, by {@link #checkFullTopicName}, as in rcl.
     */
    public static void checkTopicName(String name) {
        final String what = "topic name";
        if (name == null || name.isEmpty())
            throw invalid(what, name, "it must not be empty", -1);
        int n = name.length();
        if (isDigit(name.charAt(0)))
            throw invalid(what, name, "a name token must not start with a number", 0);
        if (name.charAt(n - 1) == '/')
            throw invalid(what, name, "it must not end with '/'", n - 1);
        boolean inBrace = false;
        int openedAt = -1;
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (isAlnum(c)) {
                if (isDigit(c) && inBrace && i - 1 == openedAt)
                    throw invalid(what, name, "a substitution must not start with a number", i);
            } else if (c == '/') {
                if (inBrace)
                    throw invalid(what, name, "a substitution must hold only alphanumerics and '_'", i);
            } else if (c == '~') {
                if (i != 0)
                    throw invalid(what, name, "'~' may only be the first character", i);
            } else if (c == '{') {
                if (inBrace)
                    throw invalid(what, name, "a substitution must hold only alphanumerics and '_'", i);
                inBrace = true;
                openedAt = i;
            } else if (c == '}') {
                if (!inBrace)
                    throw invalid(what, name, "'}' has no '{' before it", i);
                inBrace = false;
            } else if (c != '_') {
                throw invalid(what, name, inBrace ? "a substitution must hold only alphanumerics and '_'"
                        : "it must hold only alphanumerics, '_', '/', '~', '{' and '}'", i);
            }
        }
        if (inBrace)
            throw invalid(what, name, "'{' is never closed", openedAt);
        for (int i = 0; i + 1 < n; i++) {
            if (name.charAt(i) == '/' && isDigit(name.charAt(i + 1)))
                throw invalid(what, name, "a name token must not start with a number", i + 1);
        }
        if (name.charAt(0) == '~' && n > 1 && name.charAt(1) != '/')
            throw invalid(what, name, "'~' must be followed by '/'", 1);
    }

    /**
     * A token of rcl's remapping lexer ({@code lexer.c}): a letter or '_' first, then alphanumerics and single
     * underscores; "__" starts one of rcl's own words ({@code __node}, {@code __ns}) instead.
     */
    static boolean isToken(String s) {
        if (s.isEmpty() || isDigit(s.charAt(0)) || s.contains("__"))
            return false;
        for (int i = 0; i < s.length(); i++)
            if (!isAlnum(s.charAt(i)) && s.charAt(i) != '_')
                return false;
        return true;
    }

    /** rmw's rules for a fully qualified name, the length checked last as rmw does (a "soft" problem there). */
    private static void checkFullName(String what, String name, int maxLength) {
        if (name == null || name.isEmpty())
            throw invalid(what, name, "it must not be empty", -1);
        if (name.charAt(0) != '/')
            throw invalid(what, name, "it must be absolute (start with '/')", 0);
        if (name.charAt(name.length() - 1) == '/')
            throw invalid(what, name, "it must not end with '/'", name.length() - 1);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isAlnum(c) && c != '_' && c != '/')
                throw invalid(what, name, "it must hold only alphanumerics, '_' and '/'", i);
        }
        for (int i = 0; i + 1 < name.length(); i++) {
            if (name.charAt(i) != '/')
                continue;
            if (name.charAt(i + 1) == '/')
                throw invalid(what, name, "it must not hold repeated '/'", i + 1);
            if (isDigit(name.charAt(i + 1)))
                throw invalid(what, name, "a name token must not start with a number", i + 1);
        }
        if (name.length() > maxLength)
            throw invalid(what, name, "it must not be longer than " + maxLength + " characters", -1);
    }

    private static IllegalArgumentException invalid(String what, String name, String problem, int index) {
        String at = index >= 0 ? " (at character " + index + ")" : "";
        return new IllegalArgumentException(what + " '" + name + "' is not valid: " + problem + at);
    }

    // ASCII only, as rcutils_isalnum_no_locale: a name must mean the same on every machine
    static boolean isAlnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
