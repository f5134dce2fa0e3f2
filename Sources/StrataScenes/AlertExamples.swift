import StrataModel
import StrataUI

/// The seeds' alerts by name, for `strata render alert --example NAME`, the window and
/// traces.
public enum AlertExample: String, CaseIterable, Sendable {
    /// Seed 002's first alert: 标题, a message, 取消 and 好的 side by side.
    case simple
    /// Seed 002's "警示" style: 好的 replaced by a red 重置.
    case destructive
    /// Seed 002's login and password fields; 好的 stays disabled until the login has
    /// more than 2 characters.
    case login
    /// Seed 002's action sheet: 保存或删除数据 with 取消, 删除 and 保存.
    case sheet
    /// Five actions: stacked, cancel last (seed 000's buttons and two more).
    case many
    /// Seed 000's alert without buttons, dismissed by a 2 s timer.
    case autoDismiss = "auto-dismiss"
    /// Seed 004's completion alert: 提示 / This is completions block / OK.
    case completion
    /// SPAlertController's README sheet with its actions side by side.
    case spHorizontalSheet = "sp-horizontal-sheet"
    /// An SPAlertController alert over a blurred (dark) backdrop.
    case spBlur = "sp-blur"
    /// SPAlertController's needDialogBlur off: an opaque box, flat hairlines.
    case spOpaque = "sp-opaque"
    /// SPAlertController's header image, custom spacing, corner radius and offset.
    case spCustom = "sp-custom"
    case spFromBottom = "sp-from-bottom"
    case spFromTop = "sp-from-top"
    case spFromLeft = "sp-from-left"
    case spFromRight = "sp-from-right"
    case spShrink = "sp-shrink"
    case spExpand = "sp-expand"
    case spFade = "sp-fade"
    case spNone = "sp-none"

    public static var names: [String] { allCases.map(\.rawValue) }

    public var specification: AlertSpecification {
        switch self {
        case .simple:
            return AlertSpecification(title: "标题", message: "这个是UIAlertController的默认样式",
                                      actions: [.init("取消", style: .cancel), .init("好的")])
        case .destructive:
            return AlertSpecification(title: "标题", message: "这个是UIAlertController的默认样式",
                                      actions: [.init("取消", style: .cancel), .init("重置", style: .destructive)])
        case .login:
            var s = AlertSpecification(title: "文本对话框", message: "登录和密码对话框示例",
                                       actions: [.init("取消", style: .cancel), .init("好的", isEnabled: false)],
                                       textFields: [.init(placeholder: "登录"), .init(placeholder: "密码", isSecure: true)])
            s.enableRule = .init(field: 0, action: 1, minimumCount: 3)
            return s
        case .sheet:
            return AlertSpecification(style: .actionSheet, title: "保存或删除数据", message: "删除数据将不可恢复",
                                      actions: [.init("取消", style: .cancel), .init("删除", style: .destructive), .init("保存")])
        case .many:
            return AlertSpecification(title: "标题", message: "UIAlertController",
                                      actions: [.init("取消", style: .cancel), .init("默认default"),
                                                .init("重置deatructive", style: .destructive), .init("收藏"), .init("分享")])
        case .autoDismiss:
            var s = AlertSpecification(title: "标题", message: "UIAlertController")
            s.autoDismissAfter = 2
            return s
        case .completion:
            return AlertSpecification(title: "提示", message: "This is completions block", actions: [.init("OK")])
        case .spHorizontalSheet:
            var s = AlertSpecification(style: .actionSheet, title: "我是主标题", message: "我是副标题",
                                       actions: [.init("Default"), .init("Destructive", style: .destructive),
                                                 .init("Cancel", style: .cancel)])
            s.actionAxis = .horizontal
            s.tapBackgroundViewDismiss = true
            return s
        case .spBlur:
            var s = AlertSpecification(title: "我是主标题", message: "我是副标题",
                                       actions: [.init("Default"), .init("Destructive", style: .destructive),
                                                 .init("Cancel", style: .cancel)])
            s.backgroundAppearance = .blur(.dark, alpha: 1)
            s.tapBackgroundViewDismiss = true
            return s
        case .spOpaque:
            var s = AlertSpecification(title: "我是主标题", message: "我是副标题",
                                       actions: [.init("Default"), .init("Destructive", style: .destructive),
                                                 .init("Cancel", style: .cancel)])
            s.needDialogBlur = false
            s.tapBackgroundViewDismiss = true
            return s
        case .spCustom:
            var s = AlertSpecification(title: "我是主标题", message: "我是副标题",
                                       actions: [.init("第1个"), .init("第2个"), .init("Cancel", style: .cancel)])
            s.headerBadgeSize = 48
            s.customSpacing = [0: 8]
            s.cornerRadius = 20
            s.offsetForAlert = Point(x: 0, y: -40)
            s.tapBackgroundViewDismiss = true
            return s
        case .spFromBottom, .spFromTop, .spFromLeft, .spFromRight, .spShrink, .spExpand, .spFade, .spNone:
            var s = AlertSpecification(title: "我是主标题", message: "我是副标题",
                                       actions: [.init("Cancel", style: .cancel), .init("Default")])
            s.animationType = animationType
            s.tapBackgroundViewDismiss = true
            return s
        }
    }

    /// The SP animation an `sp-…` example shows.
    var animationType: AlertAnimationType {
        switch self {
        case .spFromBottom: return .fromBottom
        case .spFromTop: return .fromTop
        case .spFromLeft: return .fromLeft
        case .spFromRight: return .fromRight
        case .spShrink: return .shrink
        case .spExpand: return .expand
        case .spFade: return .fade
        case .spNone: return .none
        default: return .default
        }
    }
}
