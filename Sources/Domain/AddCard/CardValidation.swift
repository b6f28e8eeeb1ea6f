/// The local checks of the add-card form, all fields at once: what can be known without
/// the backend is never sent to it.
public enum CardValidation {
  /// The month the checks measure expiry against, read from an injected calendar.
  public struct Month: Sendable, Equatable, Comparable {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
      self.year = year
      self.month = month
    }

    public static func < (lhs: Month, rhs: Month) -> Bool {
      (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
  }

  /// The card, or every field's problems together.
  public static func check(_ form: CardForm, thisMonth: Month) -> Result<NewCard, FieldProblems> {
    var errors: CardFieldErrors = [:]
    for field in CardField.allCases {
      let problems = problems(of: field, in: form, thisMonth: thisMonth)
      if !problems.isEmpty { errors[field] = problems }
    }
    let digits = Self.digits(of: form.number)
    guard errors.isEmpty, let brand = brand(of: digits), let expiry = expiry(form.expiry)
    else { return .failure(FieldProblems(errors: errors)) }
    return .success(
      NewCard(
        brand: brand, number: digits, expiry: expiry,
        securityCode: form.securityCode.trimmingWhitespace, name: form.name.trimmingWhitespace))
  }

  /// One field's problems, as the form shows them when the user leaves the field. The
  /// security code depends on the number (4 digits for American Express).
  public static func problems(of field: CardField, in form: CardForm, thisMonth: Month)
    -> [CardProblem]
  {
    switch field {
    case .number: numberProblems(form.number)
    case .expiry: expiryProblems(form.expiry, thisMonth: thisMonth)
    case .securityCode:
      securityCodeProblems(form.securityCode, brand: brand(of: digits(of: form.number)))
    case .name: nameProblems(form.name)
    }
  }

  /// The expiry as people type it: `MM/YY` as printed on cards, or `MMYY`, `M/YY`,
  /// `MM/YYYY`, `MM / YY`; nil for anything else, or a month that does not exist.
  public static func expiry(_ text: String) -> CardExpiry? {
    guard let (month, year) = expiryParts(text) else { return nil }
    return CardExpiry(month: month, year: year)
  }

  /// The problem to show while the number is still being typed: only that its network is
  /// one this app does not take, once its first four digits make that certain.
  public static func problemsWhileTyping(number text: String) -> [CardProblem] {
    let digits = digits(of: text)
    guard digits.count >= 4, digits.allSatisfy(\.isASCIIDigit), brand(of: digits) == nil
    else { return [] }
    return [.brandNotAccepted]
  }

  /// The month and the full year of a typed expiry, the month not yet checked.
  private static func expiryParts(_ text: String) -> (month: Int, year: Int)? {
    let compact = text.filter { !$0.isWhitespace }
    let parts = compact.split(separator: "/", omittingEmptySubsequences: false)
    let (monthText, yearText): (Substring, Substring)
    switch parts.count {
    case 2: (monthText, yearText) = (parts[0], parts[1])
    case 1 where compact.count == 4: (monthText, yearText) = (compact.prefix(2), compact.suffix(2))
    default: return nil
    }
    guard (1...2).contains(monthText.count), [2, 4].contains(yearText.count),
      (monthText + yearText).allSatisfy(\.isASCIIDigit),
      let month = Int(monthText), let year = Int(yearText)
    else { return nil }
    return (month, yearText.count == 2 ? 2000 + year : year)
  }

  /// The network a number belongs to, from its leading digits; nil for any other.
  public static func brand(of digits: String) -> CardBrand? {
    guard let two = Int(digits.prefix(2)), let four = Int(digits.prefix(4)) else { return nil }
    if digits.hasPrefix("4") { return .visa }
    if (51...55).contains(two) || (2221...2720).contains(four) { return .mastercard }
    if two == 34 || two == 37 { return .americanExpress }
    return nil
  }

  // MARK: - The rules

  /// The most characters a card prints of its holder's name.
  private static let nameLimit = 26

  private static func numberProblems(_ text: String) -> [CardProblem] {
    let kept = text.filter { $0 != " " && $0 != "-" }
    guard !kept.isEmpty else { return [.missing] }
    guard kept.allSatisfy(\.isASCIIDigit) else { return [.numberNotDigits] }
    var problems: [CardProblem] = []
    if !(12...19).contains(kept.count) {
      problems.append(.numberLength)
    } else if !passesLuhn(kept) {
      problems.append(.numberTypo)
    }
    if brand(of: kept) == nil { problems.append(.brandNotAccepted) }
    return problems
  }

  private static func expiryProblems(_ text: String, thisMonth: Month) -> [CardProblem] {
    let text = text.trimmingWhitespace
    guard !text.isEmpty else { return [.missing] }
    guard let (month, year) = expiryParts(text), (2000...2099).contains(year) else {
      return [.expiryFormat]
    }
    guard (1...12).contains(month) else { return [.expiryMonth] }
    guard Month(year: year, month: month) >= thisMonth else { return [.expired] }
    return []
  }

  private static func securityCodeProblems(_ text: String, brand: CardBrand?) -> [CardProblem] {
    let text = text.trimmingWhitespace
    guard !text.isEmpty else { return [.missing] }
    let lengths = brand.map { [$0.securityCodeLength] } ?? [3, 4]
    guard text.allSatisfy(\.isASCIIDigit), lengths.contains(text.count) else {
      return [.securityCodeFormat(brand)]
    }
    return []
  }

  private static func nameProblems(_ text: String) -> [CardProblem] {
    let name = text.trimmingWhitespace
    if name.isEmpty { return [.missing] }
    if name.count > nameLimit { return [.nameTooLong(limit: nameLimit)] }
    return []
  }

  private static func digits(of text: String) -> String {
    text.filter { $0 != " " && $0 != "-" }
  }

  /// The Luhn checksum every card number carries, to catch a mistyped digit.
  private static func passesLuhn(_ digits: String) -> Bool {
    var sum = 0
    for (index, character) in digits.reversed().enumerated() {
      guard let digit = character.wholeNumberValue else { return false }
      let value = index % 2 == 1 ? digit * 2 : digit
      sum += value > 9 ? value - 9 : value
    }
    return sum % 10 == 0
  }
}

/// Every field's problems, found locally or by the backend.
public struct FieldProblems: Error, Sendable, Equatable {
  public let errors: CardFieldErrors

  public init(errors: CardFieldErrors) {
    self.errors = errors
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
