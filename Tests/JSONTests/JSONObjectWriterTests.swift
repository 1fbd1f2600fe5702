import TestSupport
import Testing

@testable import JSON

/// `writeObject`, `member` and `writeArray`: the punctuation is the
/// writer's, and the text is what writing the same value gives.
@Suite("JSONWriter objects and arrays", .timeLimit(.minutes(10)), .hangGuard)
struct JSONObjectWriterTests {
    // MARK: - Helpers

    /// Expects `write` to produce exactly `value.encoded()`, and text that parses back to `value`.
    private func expectWrites(
        _ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation, _ write: (inout JSONWriter) -> Void
    ) {
        var writer = JSONWriter()
        write(&writer)
        #expect(writer.bytes == value.encoded(), sourceLocation: sourceLocation)
        #expect((try? JSONParser.parse(writer.bytes)) == value, sourceLocation: sourceLocation)
    }

    // MARK: - Punctuation

    @Test func namesOfAnyLengthAreWrittenAsTheyAre() {
        let long = "aNameLongerThanAnyOfTheDocumentsUse_with-digits-0123456789"
        let written = writtenText { writer in
            writer.writeObject { object in
                object.member("a", 1)
                object.member("aNameLongerThanAnyOfTheDocumentsUse_with-digits-0123456789", 2)
            }
        }
        #expect(written == #"{"a":1,""# + long + #"":2}"#)
    }

    @Test func emptyObjectAndArray() {
        #expect(writtenText { $0.writeObject { _ in } } == "{}")
        #expect(writtenText { $0.writeArray([Int]()) { $0.writeInt($1) } } == "[]")
    }

    @Test func membersAreSeparatedByCommasAndKeepTheirOrder() {
        let written = writtenText { writer in
            writer.writeObject { object in
                object.member("zeta", 1)
                object.member("alpha", 2)
                object.member("mid", 3)
            }
        }
        #expect(written == #"{"zeta":1,"alpha":2,"mid":3}"#)
    }

    @Test func elementsAreSeparatedByCommas() {
        #expect(writtenText { $0.writeArray(["a", "b", "c"]) { $0.writeString($1) } } == #"["a","b","c"]"#)
        #expect(writtenText { $0.writeArray(CollectionOfOne(7)) { $0.writeInt($1) } } == "[7]")
    }

    @Test func theFirstMemberOfANestedObjectTakesNoComma() {
        let written = writtenText { writer in
            writer.writeObject { outer in
                outer.member("a") { $0.writeObject { $0.member("b", true) } }
                outer.member("c") { $0.writeObject { _ in } }
                outer.member("d") { $0.writeArray([[1], [], [2, 3]]) { $0.writeArray($1) { $0.writeInt($1) } } }
                outer.member("e") { $0.writeArray([1, 2]) { element, number in element.writeObject { $0.member("n", number) } } }
            }
        }
        #expect(written == #"{"a":{"b":true},"c":{},"d":[[1],[],[2,3]],"e":[{"n":1},{"n":2}]}"#)
    }

    // MARK: - Values

    @Test func typedMembersWriteTheirValues() {
        let nothing: String? = nil
        expectWrites(
            [
                "text": "a\"b\\c\n</script>&\u{2028}", "unicode": "안녕 😀", "negative": -42, "big": 9_007_199_254_740_991,
                "decimal": 1380.5, "yes": true, "no": false, "absent": nil, "present": "here",
                "value": ["nested": [1, "two", nil, ["deep": []]]],
            ]
        ) { writer in
            writer.writeObject { object in
                object.member("text", "a\"b\\c\n</script>&\u{2028}")
                object.member("unicode", "안녕 😀")
                object.member("negative", -42)
                object.member("big", 9_007_199_254_740_991)
                object.member("decimal", 1380.5)
                object.member("yes", true)
                object.member("no", false)
                object.member("absent", nothing)
                object.member("present", Optional("here"))
                object.member("value", ["nested": [1, "two", nil, ["deep": []]]] as JSONValue)
            }
        }
    }

    @Test func aClosureMemberTakesWhateverOneValueItWrites() {
        let encoded = (["kept": [1, 2]] as JSONValue).encoded()
        expectWrites(["raw": ["kept": [1, 2]], "null": nil, "list": ["x", "y"]]) { writer in
            writer.writeObject { object in
                object.member("raw") { $0.writeRaw(encoded) }
                object.member("null") { $0.writeNull() }
                object.member("list") { $0.writeArray(["x", "y"]) { $0.writeString($1) } }
            }
        }
    }

    /// A document written member by member is the one `write(_:)` gives for the same value.
    @Test func aWholeDocumentMatchesWritingItsValue() {
        let screens: [(id: String, name: String, params: JSONObject, events: [String])] = [
            ("s1", "rates", ["items": [["code": "USD", "rate": 1380.5]], "lastViewed": nil], ["select"]),
            ("s2", "calculator", ["amount": 100, "note": "<b>"], ["convert", "back"]),
        ]
        let value: JSONValue = [
            "id": "k3", "version": 3,
            "stack": .array(
                screens.map { screen in
                    [
                        "id": .string(screen.id), "name": .string(screen.name), "params": .object(screen.params),
                        "events": .array(screen.events.map { ["name": .string($0)] }),
                    ]
                }),
            "finished": false,
        ]
        expectWrites(value) { writer in
            writer.writeObject { document in
                document.member("id", "k3")
                document.member("version", 3)
                document.member("stack") { stack in
                    stack.writeArray(screens) { element, screen in
                        element.writeObject { entry in
                            entry.member("id", screen.id)
                            entry.member("name", screen.name)
                            entry.member("params", .object(screen.params))
                            entry.member("events") {
                                $0.writeArray(screen.events) { element, name in element.writeObject { $0.member("name", name) } }
                            }
                        }
                    }
                }
                document.member("finished", false)
            }
        }
    }

    /// A string member is written in one piece up to its value's first
    /// byte that needs escaping: wherever that byte falls, first member or
    /// not, in a buffer that must grow or not, the text is what writing the
    /// value gives.
    @Test(arguments: [0, 4096])
    func stringMembersAreEscapedWhereverTheirFirstEscapeFalls(capacity: Int) {
        let texts = [
            "", "plain", "\"first", "last\"", "mid<dle&", "\u{2028}", "a\u{2029}b", "€ and ❤", "tab\there\n",
            "\u{01}\u{1F}", String(repeating: "long text ", count: 8) + "</script>",
        ]
        for text in texts {
            var writer = JSONWriter(capacity: capacity)
            writer.writeObject { object in
                object.member("a", text)
                object.member("b", text)
            }
            let expected: JSONValue = ["a": .string(text), "b": .string(text)]
            #expect(writer.bytes == expected.encoded(), "\(text.debugDescription)")
        }
    }

    @Test func aNameKnownOnlyAtRunTimeIsEscaped() {
        let names = ["plain", "quo\"te", "<b>", "日本"]
        expectWrites(["first": 0, "plain": 1, "quo\"te": 2, "<b>": 3, "日本": 4]) { writer in
            writer.writeObject { object in
                object.member("first", 0)
                for (index, name) in names.enumerated() {
                    object.member(named: name) { $0.writeInt(index + 1) }
                }
            }
        }
        #expect(writtenText { $0.writeObject { $0.member(named: "<b>") { $0.writeNull() } } } == #"{"\u003cb\u003e":null}"#)
    }

    @Test func aCopyRepeatsBytesWrittenBefore() {
        var writer = JSONWriter()
        writer.writeObject { object in
            object.member("first") { $0.writeObject { $0.member("n", "<one>") } }
            let range = 9..<object.bytes.count
            object.member("again") { $0.writeCopy(of: range) }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"first":{"n":"\u003cone\u003e"},"again":{"n":"\u003cone\u003e"}}"#)
    }

    // MARK: - Names

    @Test func plainNamesAreThoseThatNeedNoEscaping() {
        #expect(JSONWriter.isPlainName("screenId"))
        #expect(JSONWriter.isPlainName("a-b_c.1"))
        #expect(!JSONWriter.isPlainName("a\"b"))
        #expect(!JSONWriter.isPlainName("<tag>"))
        #expect(!JSONWriter.isPlainName("tab\t"))
        #expect(!JSONWriter.isPlainName("café"))
    }
}
