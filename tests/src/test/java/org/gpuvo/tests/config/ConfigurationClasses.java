package org.gpuvo.tests.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The names of gpuvo's configuration classes, found on the class path by their name ({@code Config} and a capital,
 * top level, under {@code org.gpuvo}) whether or not they implement the interface, so that a new Config class cannot
 * escape the checks.
 */
final class ConfigurationClasses {
    private static final String ROOT = "org/gpuvo/";
    private static final Pattern NAME = Pattern.compile("(.*/)?Config[A-Z][A-Za-z0-9]*\\.class");

    private ConfigurationClasses() {
    }

    /** Fully qualified names, sorted; test classes (…Test) are left out. */
    static TreeSet<String> find() {
        TreeSet<String> names = new TreeSet<>();
        try {
            Enumeration<URL> roots = ConfigurationClasses.class.getClassLoader().getResources(ROOT);
            while (roots.hasMoreElements()) {
                URL root = roots.nextElement();
                switch (root.getProtocol()) {
                    case "file" -> fromDirectory(Path.of(root.toURI()), names);
                    case "jar" -> fromJar((JarURLConnection) root.openConnection(), names);
                    default -> throw new IllegalStateException("cannot list " + root);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        names.removeIf(n -> n.endsWith("Test"));
        return names;
    }

    private static void fromDirectory(Path root, TreeSet<String> names) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            files.map(f -> ROOT + root.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> NAME.matcher(f).matches())
                    .forEach(f -> names.add(className(f)));
        }
    }

    private static void fromJar(JarURLConnection connection, TreeSet<String> names) throws IOException {
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            jar.stream().map(e -> e.getName())
                    .filter(f -> f.startsWith(ROOT) && NAME.matcher(f).matches())
                    .forEach(f -> names.add(className(f)));
        }
    }

    private static String className(String file) {
        return file.substring(0, file.length() - ".class".length()).replace('/', '.');
    }
}
