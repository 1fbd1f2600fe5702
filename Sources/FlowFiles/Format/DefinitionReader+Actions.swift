extension DefinitionReader {
    /// The actions of an array member (`start`, `do`, `then`, `else`).
    mutating func actions(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> [FlowAction] {
        elements(object, key, at: pointer, what: "'\(key)'").enumerated().compactMap { index, value in
            action(value, at: pointer.appending(key).appending(index))
        }
    }

    /// One action: an object whose first key names it, with that action's other members.
    mutating func action(_ value: JSONValue, at pointer: JSONPointer) -> FlowAction? {
        guard let object = value.objectValue, let name = object.keys.first(where: { FlowAction.names.contains($0) }) else {
            let keys = value.objectValue?.keys.joined(separator: ", ") ?? value.typeName
            problem(pointer, "unknown action (\(keys)); actions: \(FlowAction.names.joined(separator: ", "))")
            return nil
        }
        let extra: [String] =
            switch name {
            case "setRoot", "push": ["with"]
            case "present": ["with", "style"]
            case "startChild": ["with", "then"]
            case "perform": ["input", "then", "else"]
            case "if": ["then", "else"]
            case "call": ["on", "coordinator", "with"]
            default: []
            }
        guard self.object(value, at: pointer, known: [name] + extra, what: "a '\(name)' action") != nil else { return nil }
        let argument = object[name] ?? .null
        let at = pointer.appending(name)
        func optional(_ key: String) -> FlowExpression? {
            object[key].map { expression($0, at: pointer.appending(key)) }
        }
        switch name {
        case "setRoot", "push", "present":
            guard let screen = argument.stringValue else {
                problem(at, "'\(name)' names a screen of this coordinator, not \(argument.typeName)")
                return nil
            }
            var style = FlowAction.PresentedStyle.sheet
            if name == "present", let spelled = string(object, "style", at: pointer) {
                guard let known = FlowAction.PresentedStyle(rawValue: spelled) else {
                    problem(pointer.appending("style"), "'style' is 'sheet' or 'fullScreen', not '\(spelled)'")
                    return nil
                }
                style = known
            }
            let how: Presentation = name == "setRoot" ? .root : name == "push" ? .push : (style == .sheet ? .sheet : .fullScreen)
            return .show(screen: screen, how: how, style: style, with: optional("with"))
        case "pop", "popToRoot", "dismiss":
            guard argument == true else {
                problem(at, "'\(name)' takes true")
                return nil
            }
            return name == "pop" ? .pop : name == "popToRoot" ? .popToRoot : .dismiss
        case "set":
            return assignments(argument, at: at)
        case "startChild":
            guard let child = argument.stringValue else {
                problem(at, "'startChild' names a coordinator, not \(argument.typeName)")
                return nil
            }
            return .startChild(coordinator: child, with: optional("with"), then: actions(object, "then", at: pointer))
        case "finish":
            return .finish(argument.isNull ? nil : expression(argument, at: at))
        case "perform":
            guard let effect = argument.stringValue else {
                problem(at, "'perform' names an effect, not \(argument.typeName)")
                return nil
            }
            return .perform(
                effect: effect, input: optional("input"), then: actions(object, "then", at: pointer),
                else: actions(object, "else", at: pointer))
        case "if":
            return .branch(
                condition: expression(argument, at: at), then: actions(object, "then", at: pointer),
                else: actions(object, "else", at: pointer))
        case "call":
            return call(object, argument, at: pointer)
        default:
            return .reject(expression(argument, at: at))
        }
    }

    /// `{"call": NAME, "on": "self"|"parent"|"children", "coordinator": C, "with": V}`:
    /// `on` is `self` when left out; `coordinator` names the children's
    /// class, and only theirs.
    private mutating func call(_ object: JSONObject, _ argument: JSONValue, at pointer: JSONPointer) -> FlowAction? {
        guard let name = argument.stringValue else {
            problem(pointer.appending("call"), "'call' names a call of a coordinator, not \(argument.typeName)")
            return nil
        }
        var target = FlowAction.CallTarget.itself
        if let spelled = string(object, "on", at: pointer) {
            guard let known = FlowAction.CallTarget(rawValue: spelled) else {
                problem(pointer.appending("on"), "'on' is 'self', 'parent' or 'children', not '\(spelled)'")
                return nil
            }
            target = known
        }
        let coordinator = string(object, "coordinator", at: pointer)
        if target == .children, coordinator == nil {
            problem(pointer, "a call on 'children' names their coordinator ('coordinator')")
            return nil
        }
        if target != .children, coordinator != nil {
            problem(pointer.appending("coordinator"), "only a call on 'children' names a coordinator")
            return nil
        }
        return .call(
            name: name, on: target, coordinator: coordinator, with: object["with"].map { expression($0, at: pointer.appending("with")) })
    }

    /// `{"store.K": V, "screen.K": V}`: K one name, without a dot (what
    /// `var` reads as `store.K` is that one value).
    private mutating func assignments(_ value: JSONValue, at pointer: JSONPointer) -> FlowAction? {
        guard let members = value.objectValue, !members.isEmpty else {
            problem(pointer, "'set' takes an object of targets ('store.NAME', 'screen.NAME') and their values")
            return nil
        }
        var assignments: [(target: FlowAction.Assignment, value: FlowExpression)] = []
        for (target, value) in members {
            let parts = target.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let place = pointer.appending(target)
            guard parts.count == 2, !parts[1].isEmpty, parts[0] == "store" || parts[0] == "screen" else {
                problem(place, "'\(target)' is no target of 'set': 'store.NAME' or 'screen.NAME', NAME without a dot")
                continue
            }
            assignments.append((parts[0] == "store" ? .store(parts[1]) : .screen(parts[1]), expression(value, at: place)))
        }
        return .set(assignments)
    }
}
