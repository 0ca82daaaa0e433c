import Bindery
import Foundation

extension ExpressionCompiler {
  /// `$CGPoint { x: 1, y: 2 }` and the other structure constants: Foundation's `CGPoint`, `CGSize`
  /// and `CGRect`, an ``RGBAColor`` or a ``FontDescription``, from constant parameters.
  func structure(_ kind: StructureKind, _ parameters: [BindingAttributeSyntax], at location: TextPosition)
    throws(ExpressionError) -> CompiledNode
  {
    var numbers: [String: Double] = [:]
    var name: String?
    for parameter in parameters {
      guard let syntax = parameter.value?.primary else {
        throw error(
          "the parameter \(parameter.name) of $\(kind.rawValue) needs a value", at: parameter.location, .syntax)
      }
      if let extra = parameter.value?.attributes.first {
        throw error(
          "the parameter \(parameter.name) of $\(kind.rawValue) takes no attributes", at: extra.location, .attribute)
      }
      let value = try compile(syntax).constant
      if kind == .font, parameter.name == "name" {
        guard let text = value as? String else {
          throw error("name of $\(kind.rawValue) must be a string", at: syntax.location, .type)
        }
        name = text
        continue
      }
      guard let value, !(value is Bool), let number = RuntimeTypes.double(value), number.isFinite else {
        throw error("\(parameter.name) of $\(kind.rawValue) must be a number", at: syntax.location, .type)
      }
      if kind == .cgColor || kind == .uiColor {
        // Integers are 0 to 255, fractions 0 to 1.
        let isInteger = value is Int
        guard isInteger ? (0...255).contains(number) : (0...1).contains(number) else {
          throw error(
            "\(parameter.name) of $\(kind.rawValue) must be an integer from 0 to 255 or a number from 0.0 to 1.0",
            at: syntax.location, .type)
        }
        numbers[parameter.name] = isInteger ? number / 255 : number
      } else if kind == .font, number <= 0 {
        throw error("size of $\(kind.rawValue) must be more than 0", at: syntax.location, .type)
      } else {
        numbers[parameter.name] = number
      }
    }
    func number(_ key: String) -> Double { numbers[key] ?? 1 }
    switch kind {
    case .point:
      return .constant(CGPoint(x: number("x"), y: number("y")))
    case .size:
      return .constant(CGSize(width: number("w"), height: number("h")))
    case .rect:
      return .constant(CGRect(x: number("x"), y: number("y"), width: number("w"), height: number("h")))
    case .cgColor, .uiColor:
      return .constant(RGBAColor(red: number("r"), green: number("g"), blue: number("b"), alpha: number("a")))
    case .font:
      return .constant(FontDescription(name: name ?? "", size: number("size")))
    }
  }
}
