package org.gpuvo.ros.node.args;

import java.util.Objects;

/**
 * A node's name and namespace, checked by ROS 2's rules ({@link RosNames}). As rcl_node_init does, an empty
 * namespace is the root "/" and a relative one is made absolute ("ns" becomes "/ns").
 */
public record NodeName(String name, String namespace) {
    public NodeName {
        Objects.requireNonNull(name, "node name");
        Objects.requireNonNull(namespace, "node namespace");
        if (namespace.isEmpty())
            namespace = "/";
        else if (namespace.charAt(0) != '/')
            namespace = "/" + namespace;
        RosNames.checkNodeName(name);
        RosNames.checkNamespace(namespace);
    }

    /** The node in the root namespace. */
    public static NodeName of(String name) {
        return new NodeName(name, "/");
    }

    /** E.g. {@code /vo} or {@code /robot1/vo}: what parameter files and tools name the node by. */
    public String fullyQualifiedName() {
        return namespace.equals("/") ? "/" + name : namespace + "/" + name;
    }

    /**
     * The node's logger name as rcl makes it (rcl {@code node.c}): the fully qualified name without its leading
     * '/', with '.' for '/', e.g. {@code robot1.vo}; {@code --log-level robot1.vo:=debug} addresses it.
     */
    public String loggerName() {
        return fullyQualifiedName().substring(1).replace('/', '.');
    }

    @Override
    public String toString() {
        return fullyQualifiedName();
    }
}
