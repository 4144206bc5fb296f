import LedgerNotes
import Testing

@Suite("Task model")
struct TaskNoteModelTests {
    @Test(arguments: [
        ("[[ems__EffortStatusDoing]]", EffortStatus.doing),
        ("\"[[ems__EffortStatusDoing]]\"", .doing),
        ("'[[ems__EffortStatusDone]]'", .done),
        ("ems__EffortStatusToDo", .toDo),
        ("  [[ems__EffortStatusBacklog]]\t", .backlog),
        ("[[ems__EffortStatusDoing|Doing]]", .doing),
        ("[[ems__EffortStatusDoing|anything at all]]", .doing),
        ("[[027e78f4-6e16-4b36-b8fb-5510507d5745]]", .doing),
        ("[[027E78F4-6E16-4B36-B8FB-5510507D5745|Doing]]", .doing),
        ("[[7b9b3116-7c3c-438c-9618-94fe301320a6|ems__EffortStatusWaiting]]", .waiting),
        ("[[ems__EffortStatusDone 7b9b3116-7c3c-438c-9618-94fe301320a6]]", .done),
        ("[[c42245d0-01de-4c35-bfcf-d910445ea28e]]", .draft),
        ("[[cde3525c-57ea-4efc-b477-2e7e7ccd3a1e]]", .analysis),
        ("[[5d14f18d-db2b-4847-9ac1-144cb93b2541]]", .trashed),
        ("[[ems__EffortStatusBlocked]]", .other("ems__EffortStatusBlocked")),
        ("Doing", .other("Doing")),
        ("[[ems__effortstatusdoing]]", .other("ems__effortstatusdoing")),
        ("", .other("")),
        ("[[]]", .other("")),
    ])
    func readsEveryForm(_ value: String, _ status: EffortStatus) {
        #expect(EffortStatus(frontmatterValue: value) == status)
    }

    @Test func namesLabelsAndLinks() {
        #expect(EffortStatus.known.count == 8)
        for status in EffortStatus.known {
            #expect(EffortStatus(frontmatterValue: status.wikilink) == status)
            #expect(EffortStatus(frontmatterValue: "[[\(status.uid!)]]") == status)
            #expect(status.name == "ems__EffortStatus" + status.label.replacing(" ", with: ""))
        }
        #expect(EffortStatus.doing.wikilink == "[[ems__EffortStatusDoing]]")
        #expect(EffortStatus.done.wikilink == "[[ems__EffortStatusDone]]")
        #expect(EffortStatus.toDo.label == "To Do")
        #expect(EffortStatus.other("ems__EffortStatusBlocked").label == "Blocked")
        #expect(EffortStatus.other("Later").label == "Later")
        #expect(EffortStatus.other("x").uid == nil)
    }

    @Test func filters() {
        let shown = { (filter: TaskStatusFilter) in
            (EffortStatus.known + [.other("x")]).filter(filter.includes).map(\.label)
        }
        #expect(shown(.doing) == ["Doing"])
        #expect(shown(.todo) == ["Draft", "Backlog", "Analysis", "To Do", "Waiting"])
        #expect(shown(.done) == ["Done"])
        #expect(shown(.all).count == 9)
        #expect(TaskStatusFilter(rawValue: "todo") == .todo)
        #expect(TaskStatusFilter.allCases.map(\.rawValue) == ["doing", "todo", "done", "all"])
    }

    @Test func idAndTitle() {
        let task = TaskNote(path: "Projects/2024/Write report.md", label: nil, status: .doing)
        #expect(task.id == "Write report")
        #expect(task.title == "Write report")
        #expect(TaskNote(path: "a.md", label: "Write the report", status: .doing).title == "Write the report")
        #expect(TaskNote(path: "a.md", label: "  ", status: .doing).title == "a")
        #expect(TaskNote(path: "a.md", label: "", status: .doing).title == "a")
        #expect(TaskNote.id(ofPath: "x/y.z.md") == "y.z")
        #expect(TaskNote.id(ofPath: "top.md") == "top")
    }
}
