/// Small SVG charts drawn as text, for the HTML load report: no script, no network.
enum SVGChart {
  static let width = 560.0
  static let height = 220.0
  private static let left = 56.0
  private static let right = 16.0
  private static let top = 16.0
  private static let bottom = 40.0

  /// A bar per value, labelled below where `labels` has a label.
  static func bars(_ values: [Int], labels: [String?], yTitle: String) -> String {
    let peak = Double(max(1, values.max() ?? 1))
    let plotWidth = width - left - right
    let slot = plotWidth / Double(max(1, values.count))
    var shapes = axes(yTitle: yTitle, yMax: peak, format: { HumanReadable.count(Int($0)) })
    for (index, value) in values.enumerated() {
      let barHeight = (height - top - bottom) * Double(value) / peak
      let x = left + Double(index) * slot
      shapes.append(#"<rect x="\#(number(x + 1))" y="\#(number(height - bottom - barHeight))" width="\#(number(slot - 2))" height="\#(number(barHeight))" fill="rgb(74,123,208)"><title>\#(value)</title></rect>"#)
      if let label = labels[index] {
        shapes.append(text(label, x: x + slot / 2, y: height - bottom + 16, anchor: "middle"))
      }
    }
    return svg(shapes)
  }

  /// A line through `points` (x, y), with each x labelled below.
  static func line(_ points: [(Double, Double)], xTitle: String, yTitle: String, format: (Double) -> String) -> String {
    let yMax = max(1e-9, points.map(\.1).max() ?? 1) * 1.1
    let xs = points.map(\.0)
    let (xMin, xMax) = (xs.min() ?? 0, xs.max() ?? 1)
    let plotWidth = width - left - right
    func position(_ point: (Double, Double)) -> (Double, Double) {
      let x = left + (xMax == xMin ? plotWidth / 2 : (point.0 - xMin) / (xMax - xMin) * plotWidth)
      return (x, height - bottom - (height - top - bottom) * point.1 / yMax)
    }
    var shapes = axes(yTitle: yTitle, yMax: yMax, format: format)
    let path = points.map(position).map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
    shapes.append(#"<polyline points="\#(path)" fill="none" stroke="rgb(208,88,74)" stroke-width="2"/>"#)
    for point in points {
      let (x, y) = position(point)
      shapes.append(#"<circle cx="\#(number(x))" cy="\#(number(y))" r="4" fill="rgb(208,88,74)"><title>\#(format(point.1))</title></circle>"#)
      shapes.append(text(HumanReadable.fixed(point.0, digits: 0), x: x, y: height - bottom + 16, anchor: "middle"))
    }
    shapes.append(text(xTitle, x: left + plotWidth / 2, y: height - 4, anchor: "middle"))
    return svg(shapes)
  }

  private static func axes(yTitle: String, yMax: Double, format: (Double) -> String) -> [String] {
    var shapes = [
      #"<line x1="\#(left)" y1="\#(top)" x2="\#(left)" y2="\#(height - bottom)" stroke="rgb(136,136,136)"/>"#,
      #"<line x1="\#(left)" y1="\#(height - bottom)" x2="\#(width - right)" y2="\#(height - bottom)" stroke="rgb(136,136,136)"/>"#,
      text(yTitle, x: 4, y: top - 4, anchor: "start"),
    ]
    for fraction in [0.0, 0.5, 1.0] {
      let y = height - bottom - (height - top - bottom) * fraction
      shapes.append(text(format(yMax * fraction), x: left - 6, y: y + 4, anchor: "end"))
    }
    return shapes
  }

  private static func svg(_ shapes: [String]) -> String {
    #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" viewBox="0 0 \#(Int(width)) \#(Int(height))" font-family="sans-serif" font-size="11">"#
      + shapes.joined() + "</svg>"
  }

  private static func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
    #"<text x="\#(number(x))" y="\#(number(y))" text-anchor="\#(anchor)" fill="rgb(51,51,51)">\#(HTML.escape(content))</text>"#
  }

  private static func number(_ value: Double) -> String {
    HumanReadable.fixed(value, digits: 1)
  }
}
