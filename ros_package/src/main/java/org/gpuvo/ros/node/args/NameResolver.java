package org.gpuvo.ros.node.args;

import java.util.List;
import java.util.Objects;

/**
 * Turns the topic and service names a node's code uses into the fully qualified names it publishes and subscribes
 * on, as rcl does ({@code rcl_node_resolve_name}: {@code expand_topic_name.c}, then {@code remap.c}):
 * <ol>
 * <li>expansion for the node: {@code ~} is the node's private namespace ({@code ~/x} becomes
 * {@code /ns/node/x}), {@code {node}} is the node's name, {@code {ns}} and {@code {namespace}} its namespace, and a
 * relative name goes under the namespace ({@code image} becomes {@code /ns/image}); an absolute name such as
 * {@code /tf} or {@code /tf_static} stays as it is;</li>
 * <li>remapping: the first rule whose expanded "from" equals the expanded name wins, and its "to" is expanded in
 * turn. A rule with a node prefix ({@code vo:image:=...}) applies only to the node of that name.</li>
 * </ol>
 */
public final class NameResolver {
    private final NodeName node;
    private final List<RemapRule> rules;

    /** Resolves names for {@code node} with the name rules among {@code rules}, in command line order. */
    public NameResolver(NodeName node, List<RemapRule> rules) {
        this.node = Objects.requireNonNull(node, "node");
        this.rules = List.copyOf(rules);
    }

    public NodeName node() {
        return node;
    }

    /** The fully qualified topic name, after remapping, for a name as the code writes it. */
    public String resolveTopic(String name) {
        return resolve(name, true);
    }

    /** The fully qualified service name, after remapping, for a name as the code writes it. */
    public String resolveService(String name) {
        return resolve(name, false);
    }

    private String resolve(String name, boolean topic) {
        String expanded = expand(name);
        for (RemapRule rule : rules) {
            if (!(topic ? rule.renamesTopics() : rule.renamesServices()) || !rule.appliesToNode(node.name()))
                continue;
            String match;
            try {
                match = expand(rule.match());
            } catch (IllegalArgumentException e) {
                continue; // as rcl: a rule that cannot be expanded for this node matches nothing
            }
            if (match.equals(expanded))
                return expand(rule.replacement());
        }
        return expanded;
    }

    /**
     * The name expanded for the node, without remapping; an {@link IllegalArgumentException} where the name or its
     * expansion breaks ROS 2's rules, or it holds a substitution other than node, ns and namespace.
     */
    public String expand(String name) {
        RosNames.checkTopicName(name);
        String out = name;
        if (out.charAt(0) == '~')
            out = node.fullyQualifiedName() + out.substring(1);
        int open;
        while ((open = out.indexOf('{')) >= 0) {
            int close = out.indexOf('}', open);
            String substitution = out.substring(open, close + 1);
            String value = switch (substitution) {
                case "{node}" -> node.name();
                case "{ns}", "{namespace}" -> node.namespace();
                default -> throw new IllegalArgumentException("topic name '" + name + "': unknown substitution "
                        + substitution + " (known: {node}, {ns}, {namespace})");
            };
            out = out.replace(substitution, value);
        }
        if (out.charAt(0) != '/')
            out = node.namespace().equals("/") ? "/" + out : node.namespace() + "/" + out;
        try {
            RosNames.checkFullTopicName(out);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + name + "' expanded for node " + node + ": " + e.getMessage(), e);
        }
        return out;
    }
}
