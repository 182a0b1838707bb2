package org.gpuvo.app;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/**
 * Turns errors into one line on standard error and an exit code: 2 for bad usage (picocli's convention: wrong
 * options, missing files), 1 for a failure while running. Stack traces only with {@code --verbose}: a user who
 * typed a wrong path should read what is wrong, not where in the code it was noticed.
 */
final class ErrorReporting implements IParameterExceptionHandler, IExecutionExceptionHandler {
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        String unknown = ex instanceof UnmatchedArgumentException unmatched ? UnknownCommand.name(unmatched) : null;
        err.println(command.getCommandSpec().qualifiedName() + ": "
                + (unknown != null ? UnknownCommand.message(command, unknown) : ex.getMessage()));
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        if (verbose(command.getParseResult()))
            ex.printStackTrace(err);
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        boolean verbose = verbose(parseResult);
        if (verbose)
            ex.printStackTrace(err);
        err.println(command.getCommandSpec().qualifiedName() + ": error: " + describe(ex)
                + (verbose ? "" : " (--verbose shows where)"));
        err.flush();
        return command.getCommandSpec().exitCodeOnExecutionException();
    }

    /** The message, prefixed by the exception's kind where the message alone would not say what happened. */
    static String describe(Throwable ex) {
        String message = ex.getMessage();
        if (ex instanceof UnsupportedOperationException)
            return "not available in this build: " + (message == null ? "unsupported" : message);
        boolean selfExplaining = ex instanceof IOException || ex instanceof UncheckedIOException
                || ex instanceof IllegalArgumentException || ex instanceof IllegalStateException;
        if (message == null || message.isBlank())
            return ex.getClass().getSimpleName();
        return selfExplaining ? message : ex.getClass().getSimpleName() + ": " + message;
    }

    /** Whether {@code --verbose} was given to the command or any of its parents. */
    private static boolean verbose(ParseResult result) {
        for (ParseResult r = result; r != null; r = r.hasSubcommand() ? r.subcommand() : null)
            if (r.hasMatchedOption("--verbose"))
                return true;
        return false;
    }
}
