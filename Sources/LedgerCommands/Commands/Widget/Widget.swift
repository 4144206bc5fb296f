import ArgumentParser

struct Widget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget", abstract: "The widget bridge: quick taps and status-bar output that never wait for git.",
        discussion: """
            Taps go to a device-local queue (.git/alog/widget/: alog's own taps in queue.log, \
            items other programs write in PendingActivities.json); every command that opens the \
            vault commits them first, exactly once. Status and timeline read the last-known cache \
            and the queue only. See docs/widget.md.
            """,
        subcommands: [
            WidgetTap.self, WidgetStatus.self, WidgetTimeline.self, WidgetPending.self, WidgetDiscard.self,
            WidgetDrain.self,
        ]
    )
}
