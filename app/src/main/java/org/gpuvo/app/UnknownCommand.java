package org.gpuvo.app;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.util.List;

/**
 * A word where a command that groups subcommands expects one of their names: a usage error, with or without
 * {@code --help} beside it (picocli would show the help and exit 0, as if the word named nothing wrong).
 */
final class UnknownCommand {
    private UnknownCommand() {
    }

    /** {@code next}, after a check that fails with a usage error where a group was given what it does not know. */
    static IExecutionStrategy rejectedBefore(IExecutionStrategy next) {
        return parseResult -> {
            for (ParseResult r = parseResult; r != null; r = r.hasSubcommand() ? r.subcommand() : null)
                if (isGroup(r.commandSpec()) && !r.unmatched().isEmpty())
                    throw new UnmatchedArgumentException(r.commandSpec().commandLine(), r.unmatched());
            return next.execute(parseResult);
        };
    }

    /** The name {@code ex} reports as a group's unknown command, or null where it is about something else. */
    static String name(UnmatchedArgumentException ex) {
        List<String> unmatched = ex.getUnmatched();
        if (!isGroup(ex.getCommandLine().getCommandSpec()) || unmatched.isEmpty() || unmatched.get(0).startsWith("-"))
            return null;
        return unmatched.get(0);
    }

    /** What to say of the unknown command {@code name} of the group {@code group}. */
    static String message(CommandLine group, String name) {
        return "unknown command '" + name + "' (the commands: "
                + String.join(", ", group.getSubcommands().keySet()) + ")";
    }

    private static boolean isGroup(CommandSpec spec) {
        return !spec.subcommands().isEmpty();
    }
}
