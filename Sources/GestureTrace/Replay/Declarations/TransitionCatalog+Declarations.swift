extension TransitionCatalog {
  /// Adds the transitions a transitions file declares.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The file's name, for messages.
  /// - Throws: ``TransitionDeclarationError`` at the first problem.
  public mutating func declare(parsing text: String, file: String)
    throws(TransitionDeclarationError)
  {
    // NB: placeholder until the declarations reader lands (branch
    // `declared`); it accepts nothing.
    throw TransitionDeclarationError(
      file: file, line: 1, column: 1, message: "transitions files are not read yet")
  }
}
