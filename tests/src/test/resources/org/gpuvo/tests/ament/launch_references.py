"""What ROS 2 launch files name, read with Python's ast module without executing them (launch and launch_ros
need not be installed): the nodes they start, the files they take from a package's share folder, the launch
arguments they declare and the launch configurations they use.

    python3 launch_references.py FILE.launch.py...

prints one JSON object: {file: {"nodes": [...], "share_files": [...], "arguments": {...}, "configurations": [...],
"errors": [...]}}. A value is described as {"text": s} (a string literal), {"value": v} (another literal),
{"config": name} (LaunchConfiguration(name)), {"share": {"package": p, "path": "a/b"}} (a path under a package's
share folder) or {"expr": source} (anything else). Whatever the checks need to be literal (node package, executable
and name, argument and configuration names, share paths) and is not is reported in "errors".
"""
import ast
import json
import sys

SHARE_FINDERS = {'FindPackageShare', 'get_package_share_directory'}
PATH_JOINERS = {'PathJoinSubstitution', 'join'}  # launch's PathJoinSubstitution([...]), os.path.join(...)


def call_name(node):
    """The called function's last name (Node for launch_ros.actions.Node), or None."""
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def literal_text(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


class LaunchFile:
    def __init__(self, source, filename):
        self.tree = ast.parse(source, filename)
        self.nodes, self.share_files, self.arguments, self.configurations, self.errors = [], [], {}, [], []

    def error(self, node, message):
        self.errors.append('line %d: %s' % (node.lineno, message))

    def share_path(self, call):
        """{"package", "path"} where call joins a package's share folder with literal parts, else None."""
        if call_name(call) not in PATH_JOINERS:
            return None
        parts = call.args[0].elts if len(call.args) == 1 and isinstance(call.args[0], ast.List) else call.args
        if not parts or call_name(parts[0]) not in SHARE_FINDERS:
            return None
        package = literal_text(parts[0].args[0]) if parts[0].args else None
        rest = [literal_text(p) for p in parts[1:]]
        if package is None or None in rest or not rest:
            self.error(call, 'a path under a share folder that is not made of literals: ' + ast.unparse(call))
            return None
        return {'package': package, 'path': '/'.join(rest)}

    def describe(self, node):
        if isinstance(node, ast.Constant):
            return {'text': node.value} if isinstance(node.value, str) else {'value': node.value}
        if call_name(node) == 'LaunchConfiguration' and node.args and literal_text(node.args[0]) is not None:
            return {'config': node.args[0].value}
        share = self.share_path(node) if isinstance(node, ast.Call) else None
        if share is not None:
            return {'share': share}
        if isinstance(node, ast.List):
            return {'list': [self.describe(e) for e in node.elts]}
        if isinstance(node, ast.Tuple):
            return {'tuple': [self.describe(e) for e in node.elts]}
        if isinstance(node, ast.Dict):
            if all(literal_text(k) is not None for k in node.keys):
                return {'dict': {k.value: self.describe(v) for k, v in zip(node.keys, node.values)}}
        return {'expr': ast.unparse(node)}

    def read(self):
        for node in ast.walk(self.tree):
            name = call_name(node)
            if name == 'Node':
                self.read_node(node)
            elif name == 'DeclareLaunchArgument':
                self.read_argument(node)
            elif name == 'LaunchConfiguration':
                if node.args and literal_text(node.args[0]) is not None:
                    self.configurations.append(node.args[0].value)
                else:
                    self.error(node, 'LaunchConfiguration of a name that is not a literal')
            if isinstance(node, ast.Call):
                share = self.share_path(node)
                if share is not None:
                    self.share_files.append(dict(share, line=node.lineno))
        return self

    def read_node(self, call):
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        entry = {'line': call.lineno}
        for key in ('package', 'executable', 'name'):
            value = literal_text(keywords[key]) if key in keywords else None
            if value is None:
                self.error(call, 'Node %s is missing or not a string literal' % key)
            entry[key] = value
        for key in ('parameters', 'remappings', 'namespace'):
            if key in keywords:
                entry[key] = self.describe(keywords[key])
        self.nodes.append(entry)

    def read_argument(self, call):
        name = literal_text(call.args[0]) if call.args else None
        if name is None:
            self.error(call, 'DeclareLaunchArgument whose name is not a string literal')
            return
        if name in self.arguments:
            self.error(call, 'launch argument %r declared twice' % name)
        default = next((k.value for k in call.keywords if k.arg == 'default_value'), None)
        self.arguments[name] = self.describe(default) if default is not None else None


def main(files):
    report = {}
    for path in files:
        with open(path, encoding='utf-8') as f:
            launch = LaunchFile(f.read(), path).read()
        report[path] = {'nodes': launch.nodes, 'share_files': launch.share_files, 'arguments': launch.arguments,
                        'configurations': sorted(set(launch.configurations)),
                        'errors': list(dict.fromkeys(launch.errors))}
    json.dump(report, sys.stdout, indent=1)


if __name__ == '__main__':
    main(sys.argv[1:])
