"""A flow file in the web client: a server started with `--flows
examples/flows` hosts `notes` (docs/flow-files.md) beside the built-in
flows. A person chooses it in the launcher with an owner in the context,
presses "New note", finds an empty note refused in the file's own words,
types a note, saves it, and sees it on the list; the coordinator tree
names the file's coordinator."""

from browser_support import ROOT, WIDE, Server, check, expect


def walk_flow_files(page, binary):
    server = Server(binary, "--flows", str(ROOT / "examples" / "flows"), log_name="server-flow-files.log")
    try:
        page.server = server
        page.size(*WIDE)
        page.open("/")
        options = [option.get_attribute("value") for option in page.css("#flow-select option")]
        expect(options, ["app", "exchange", "mail", "notes"], "the launcher offers the file's flow beside the built-in ones")
        page.start_session("notes", {"owner": "Ada"})
        expect((page.top(), page.title(), page.version()), ("notes", "Notes of Ada", 1),
               "a new notes session: the list, titled from the context")
        page.check_readable("the empty list")

        page.press("New note")
        expect((page.top(), page.title(), page.layers()), ("editor", "New note", ["root"]), "New note pushes the editor")
        page.submit("save", {"text": ""}, changes=False)
        page.until(lambda: page.css(".screen-active [data-event-block='save'] .problem:not([hidden])"),
                   "waiting for the refusal of an empty note")
        refusal = page.text(".screen-active [data-event-block='save'] .problem:not([hidden])")
        check("a note needs some text" in refusal, "an empty note is refused with the file's reject message", refusal)
        expect((page.top(), page.version()), ("editor", 2), "the refusal changed nothing")

        page.submit("save", {"text": "Buy milk"})
        expect((page.top(), page.version()), ("notes", 3), "Save pops back to the list")
        check("Buy milk" in page.text(".screen-active .params"), "the note is on the list", page.text(".screen-active .params"))
        expect(server.get_json(f"/v1/sessions/{page.session_id()}")["stack"][0]["params"], {"notes": ["Buy milk"]},
               "the store holds the note")
        page.check_readable("the list with a note")
        page.internals(True)
        check("NotesCoordinator" in page.text("#coordinator-tree"), "internals: the file's coordinator by its name")
        page.internals(False)
        page.shoot("notes-1280")
    finally:
        server.close()
