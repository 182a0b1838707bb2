package org.gpuvo.ros.node.args;

import java.util.Objects;

/**
 * One {@code -r}/{@code --remap} rule, {@code [node:]from:=to}, in the grammar of rcl's {@code arguments.c}
 * (design.ros2.org "ROS command line arguments"):
 * <ul>
 * <li>{@code from:=to}: a topic or service name; each side is relative, absolute ({@code /x}) or private
 * ({@code ~/x}), tokens separated by '/'. {@code rostopic://} or {@code rosservice://} before {@code from} limits
 * the rule to topics or to services. Wildcards ({@code *}, {@code **}) and back-references ({@code \1}) are
 * rejected, as rcl does not implement them.</li>
 * <li>{@code __node:=name} (or {@code __name:=name}): the node's name.</li>
 * <li>{@code __ns:=/namespace}: the node's namespace, which must be absolute.</li>
 * </ul>
 * A {@code node:} prefix limits the rule to the node of that name; {@link #nodeName()} is null for a rule that
 * applies to every node. Name rules are matched after both sides are expanded for the node
 * ({@link NameResolver}).
 */
public record RemapRule(String nodeName, Kind kind, String match, String replacement) {
    /** What a rule renames. */
    public enum Kind {
        /** A topic or service name (the default). */
        TOPIC_OR_SERVICE,
        /** A topic name only ({@code rostopic://}). */
        TOPIC,
        /** A service name only ({@code rosservice://}). */
        SERVICE,
        /** The node's name ({@code __node}); {@link #match()} is null. */
        NODE_NAME,
        /** The node's namespace ({@code __ns}); {@link #match()} is null. */
        NAMESPACE
    }

    private static final String TOPIC_URL = "rostopic://";
    private static final String SERVICE_URL = "rosservice://";

    public RemapRule {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(replacement, "replacement");
        if ((kind == Kind.NODE_NAME || kind == Kind.NAMESPACE) != (match == null))
            throw new IllegalArgumentException("a " + kind + " rule " + (match == null ? "needs" : "has no") + " match");
    }

    /**
     * Parses one rule as it follows {@code -r}; an {@link IllegalArgumentException} quoting the rule says what is
     * wrong with it.
     */
    public static RemapRule parse(String rule) {
        Objects.requireNonNull(rule, "remap rule");
        int separator = rule.indexOf(":=");
        if (separator < 0)
            throw bad(rule, "expected [node:]from:=to");
        String left = rule.substring(0, separator);
        String right = rule.substring(separator + 2);

        String nodeName = null;
        if (!left.startsWith(TOPIC_URL) && !left.startsWith(SERVICE_URL)) {
            int colon = left.indexOf(':');
            if (colon >= 0) {
                nodeName = left.substring(0, colon);
                left = left.substring(colon + 1);
                if (!RosNames.isToken(nodeName))
                    throw bad(rule, "'" + nodeName + "' before ':' is not a node name");
            }
        }
        switch (left) {
            case "__node", "__name" -> {
                if (!RosNames.isToken(right))
                    throw bad(rule, "the new node name '" + right + "' is not a valid name");
                return new RemapRule(nodeName, Kind.NODE_NAME, null, right);
            }
            case "__ns" -> {
                if (!right.startsWith("/"))
                    throw bad(rule, "the namespace must be absolute (start with '/'), got '" + right + "'");
                // rcl's grammar lets a namespace end with one '/'; the namespace itself is the same without it
                String body = right.substring(1);
                if (body.endsWith("/"))
                    body = body.substring(0, body.length() - 1);
                if (body.isEmpty() && right.length() > 1)
                    throw bad(rule, "the namespace '" + right + "' repeats '/'");
                if (!body.isEmpty())
                    checkNameSide(rule, body, "namespace");
                return new RemapRule(nodeName, Kind.NAMESPACE, null, "/" + body);
            }
            default -> {
                Kind kind = Kind.TOPIC_OR_SERVICE;
                if (left.startsWith(TOPIC_URL)) {
                    kind = Kind.TOPIC;
                    left = left.substring(TOPIC_URL.length());
                } else if (left.startsWith(SERVICE_URL)) {
                    kind = Kind.SERVICE;
                    left = left.substring(SERVICE_URL.length());
                }
                checkName(rule, left, "name to remap");
                checkName(rule, right, "new name");
                return new RemapRule(nodeName, kind, left, right);
            }
        }
    }

    /** Whether the rule applies to a node of this name (the node's current name, after {@code __node}). */
    public boolean appliesToNode(String name) {
        return nodeName == null || nodeName.equals(name);
    }

    public boolean renamesTopics() {
        return kind == Kind.TOPIC_OR_SERVICE || kind == Kind.TOPIC;
    }

    public boolean renamesServices() {
        return kind == Kind.TOPIC_OR_SERVICE || kind == Kind.SERVICE;
    }

    /** The rule as it is written on a command line. */
    @Override
    public String toString() {
        String prefix = nodeName == null ? "" : nodeName + ":";
        return switch (kind) {
            case NODE_NAME -> prefix + "__node:=" + replacement;
            case NAMESPACE -> prefix + "__ns:=" + replacement;
            case TOPIC -> prefix + TOPIC_URL + match + ":=" + replacement;
            case SERVICE -> prefix + SERVICE_URL + match + ":=" + replacement;
            case TOPIC_OR_SERVICE -> prefix + match + ":=" + replacement;
        };
    }

    /** One side of a name rule: an optional "/" or "~/", then tokens separated by '/'. */
    private static void checkName(String rule, String name, String what) {
        String body = name;
        if (body.startsWith("~/"))
            body = body.substring(2);
        else if (body.startsWith("/"))
            body = body.substring(1);
        checkNameSide(rule, body, what);
    }

    private static void checkNameSide(String rule, String tokens, String what) {
        if (tokens.isEmpty())
            throw bad(rule, "the " + what + " is empty");
        for (String token : tokens.split("/", -1)) {
            if (token.equals("*") || token.equals("**"))
                throw bad(rule, "wildcards ('" + token + "') are not implemented (nor are they in rcl)");
            if (token.length() == 2 && token.charAt(0) == '\\' && RosNames.isDigit(token.charAt(1)))
                throw bad(rule, "back-references ('" + token + "') are not implemented (nor are they in rcl)");
            if (!RosNames.isToken(token))
                throw bad(rule, "the " + what + " has '" + token + "' where a name token (letters, digits, '_',"
                        + " not starting with a digit) is expected");
        }
    }

    private static IllegalArgumentException bad(String rule, String problem) {
        return new IllegalArgumentException("remap rule '" + rule + "': " + problem);
    }
}
