/// Small SVG charts drawn as text, for the HTML load report: no script, no network.
enum SVGChart {
  static let width = 560.0
  static let height = 234.0
  private static let left = 56.0
  private static let right = 16.0
  // Room above the plot for the y axis's title, clear of the top tick's label.
  private static let top = 30.0
  private static let bottom = 40.0
  private static let plotWidth = width - left - right
  private static let plotHeight = height - top - bottom
  private static let barColor = "rgb(74,123,208)"
  private static let lineColor = "rgb(208,88,74)"
  private static let axisColor = "rgb(136,136,136)"
  private static let textColor = "rgb(51,51,51)"

  /// A bar per value, labelled below where `labels` has a label.
  static func bars(_ values: [Int], labels: [String?], yTitle: String) -> String {
    let peak = Double(max(1, values.max() ?? 1))
    let slot = plotWidth / Double(max(1, values.count))
    var shapes = axes(yTitle: yTitle, yMax: peak) { HumanReadable.count(Int($0)) }
    for (index, value) in values.enumerated() {
      let barHeight = plotHeight * Double(value) / peak
      let x = left + Double(index) * slot
      let bar: KeyValuePairs = [
        "x": number(x + 1), "y": number(height - bottom - barHeight), "width": number(slot - 2),
        "height": number(barHeight), "fill": barColor,
      ]
      shapes.append(element("rect", bar, content: "<title>\(value)</title>"))
      if let label = labels[index] {
        shapes.append(text(label, x: x + slot / 2, y: height - bottom + 16, anchor: "middle"))
      }
    }
    return svg(shapes)
  }

  /// A line through `points` (x, y), with x labelled below (about ten labels at most).
  static func line(_ points: [(Double, Double)], xTitle: String, yTitle: String, format: (Double) -> String) -> String {
    let yMax = max(1e-9, points.map(\.1).max() ?? 1) * 1.1
    let xs = points.map(\.0)
    let (xMin, xMax) = (xs.min() ?? 0, xs.max() ?? 1)
    func position(_ point: (Double, Double)) -> (x: Double, y: Double) {
      let x = left + (xMax == xMin ? plotWidth / 2 : (point.0 - xMin) / (xMax - xMin) * plotWidth)
      return (x, height - bottom - plotHeight * point.1 / yMax)
    }
    var shapes = axes(yTitle: yTitle, yMax: yMax, format: format)
    let path = points.map(position).map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    shapes.append(element("polyline", ["points": path, "fill": "none", "stroke": lineColor, "stroke-width": "2"]))
    let labelEvery = max(1, (points.count + 9) / 10)
    for (index, point) in points.enumerated() {
      let (x, y) = position(point)
      let dot: KeyValuePairs = ["cx": number(x), "cy": number(y), "r": points.count > 20 ? "2" : "4", "fill": lineColor]
      shapes.append(element("circle", dot, content: "<title>\(HTML.escape(format(point.1)))</title>"))
      if index % labelEvery == 0 {
        shapes.append(text(HumanReadable.fixed(point.0, digits: 0), x: x, y: height - bottom + 16, anchor: "middle"))
      }
    }
    shapes.append(text(xTitle, x: left + plotWidth / 2, y: height - 4, anchor: "middle"))
    return svg(shapes)
  }

  private static func axes(yTitle: String, yMax: Double, format: (Double) -> String) -> [String] {
    let baseline = number(height - bottom)
    var shapes = [
      element("line", ["x1": number(left), "y1": number(top), "x2": number(left), "y2": baseline, "stroke": axisColor]),
      element("line", ["x1": number(left), "y1": baseline, "x2": number(width - right), "y2": baseline, "stroke": axisColor]),
      text(yTitle, x: 4, y: top - 16, anchor: "start"),
    ]
    for fraction in [0.0, 0.5, 1.0] {
      let y = height - bottom - plotHeight * fraction
      shapes.append(text(format(yMax * fraction), x: left - 6, y: y + 4, anchor: "end"))
    }
    return shapes
  }

  private static func svg(_ shapes: [String]) -> String {
    let size = "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) font-family=\"sans-serif\" font-size=\"11\">"
      + shapes.joined() + "</svg>"
  }

  private static func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
    element("text", ["x": number(x), "y": number(y), "text-anchor": anchor, "fill": textColor], content: HTML.escape(content))
  }

  /// `<name a="…"/>`, or with `content` between opening and closing tags; values are escaped.
  private static func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil) -> String {
    let attributeText = attributes.map { " \($0.key)=\"\(HTML.escape($0.value))\"" }.joined()
    guard let content else { return "<\(name)\(attributeText)/>" }
    return "<\(name)\(attributeText)>\(content)</\(name)>"
  }

  private static func number(_ value: Double) -> String {
    HumanReadable.fixed(value, digits: 1)
  }
}
